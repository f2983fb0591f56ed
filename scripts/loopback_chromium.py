"""What the Chromium scripts (check-pages, check-search, check-sealed, search-latency)
share: a folder served on 127.0.0.1, and Debian's headless Chromium with its driver
named outright. Without the paths, Selenium asks the network for a browser first."""
import functools
import http.server
import threading

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def serve(folder, handler=QuietHandler):
    """Serves folder on a free port of 127.0.0.1 until the script ends."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def chromium(arguments, capabilities=None):
    """Headless Chromium with the command-line arguments given."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu"] + arguments:
        options.add_argument(argument)
    for name, value in (capabilities or {}).items():
        options.set_capability(name, value)
    options.binary_location = CHROMIUM
    return webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
