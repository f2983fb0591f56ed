import DiaryCommands

// Every command; `preview` hands its command line to diarygen-preview (Package.swift says why).
await Diarygen.runCommandLine()
