#!/usr/bin/env python3
"""Drives headless Chromium (Debian's chromium and chromium-driver, through selenium's WebDriver and
the DevTools protocol) against the error pages an example server serves on loopback.

    python3 Scripts/browser/check_pages.py --base http://127.0.0.1:PORT --name Hummingbird [--screenshots DIR]

For each page of the example shop (/account: a recovery's link; /search: "Try again"; /no/such/page: the
framework's 404; /comments/preview: field problems; /reports: an unknown error's reference ID), in en, ja
and de, at 320, 375 and 1280 px, light and dark, it checks:
- the response is the page (text/html, the same status as problem+json), with lang equal to
  Content-Language and the JSON's language;
- no horizontal overflow: document.documentElement.scrollWidth <= innerWidth, which is the emulated width
  (a mobile viewport would widen to content that overflows it);
- the accessibility tree (Accessibility.getFullAXTree) has exactly one heading, named with the JSON's
  title, and the actions as links named with their labels (each followable JSON action, and Cancel);
- the colour scheme is the one asked for (the page's background is dark in dark mode, light in light);
- the page ran nothing: no dialog, no console message, no request but the page's own.

Then a hostile text (<script>, </style>, "><img onerror>, a javascript: link, an RTL override) sent in
the query of /comments/preview shows as text (the override as its visible escape) and runs nothing: no
dialog, no console error, no image, no script, no request leaves, the page stays styled and visible, and
no link has another scheme than http.

Exits 1 with one line per failed check. --screenshots DIR writes en-light.png (1280 px), ja-dark.png
(1280 px) and phone.png (375 px, field problems) of the Hummingbird or Vapor example's pages.
"""
import argparse
import json
import signal
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, WebDriverException
from selenium.webdriver.chrome.service import Service

BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
HOSTILE = (
    "<script>alert(1)</script></style><style>body{display:none}</style>\"><img src=x onerror=alert(2)>"
    " <a href=\"javascript:alert(3)\">click</a> \u202egnp.exe\u202c 'single' &amp;"
)
PAGES = [
    # path, expected status
    ("/account", 401),
    ("/search?q=shoes", 429),
    ("/no/such/page", 404),
    ("/comments/preview?text=" + urllib.parse.quote("<b>Hello</b>"), 400),
    ("/reports", 500),
]
LANGUAGES = ["en", "ja", "de"]
WIDTHS = [320, 375, 1280]
SCHEMES = ["light", "dark"]

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, file=sys.stderr)


def problem_json(base, path, language):
    """The same error as problem+json, fetched outside the browser: what the page must agree with."""
    request = urllib.request.Request(
        base + path, headers={"Accept": "application/problem+json", "Accept-Language": language})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.load(error)


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--no-first-run", "--disable-extensions", "--font-render-hinting=none",
                     "--disable-background-networking", "--disable-component-update"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(20)
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


def configure(driver, width, scheme, language, height=900):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})
    user_agent = driver.execute_script("return navigator.userAgent")
    driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": user_agent, "acceptLanguage": language})


def drain_logs(driver):
    driver.get_log("browser")
    driver.get_log("performance")


def requests_and_document(driver, url):
    """The URLs the browser requested since the last drain, and the document's response."""
    requested, document = [], None
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requested.append(message["params"]["request"]["url"])
        elif message["method"] == "Network.responseReceived" and message["params"]["type"] == "Document":
            document = message["params"]["response"]
    return requested, document


def console_messages(driver, url):
    """The console's messages since the last drain, but for Chromium's own note that the page's
    response had an error status (it logs one for every 4xx and 5xx document: the status is the point)."""
    return [
        entry["message"] for entry in driver.get_log("browser")
        if not (entry.get("source") == "network" and entry["message"].startswith(url + " - Failed to load resource: "
                                                                                  "the server responded with a status of"))
    ]


def no_dialog(driver):
    try:
        alert = driver.switch_to.alert
        text = alert.text
        alert.dismiss()
        return text
    except NoAlertPresentException:
        return None


def luminance(css_color):
    values = [float(v) for v in css_color[css_color.index("(") + 1:css_color.index(")")].split(",")[:3]]
    return (0.2126 * values[0] + 0.7152 * values[1] + 0.0722 * values[2]) / 255


def ax_summary(driver):
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
    headings, links = [], []
    for node in tree["nodes"]:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value")
        name = node.get("name", {}).get("value", "")
        if role == "heading":
            headings.append(name)
        elif role == "link":
            links.append(name)
    return headings, links


def check_page(driver, base, name, path, status, language, width, scheme):
    label = f"{name} {path} {language} {width}px {scheme}"
    json_status, json_headers, problem = problem_json(base, path, language)
    drain_logs(driver)
    driver.get(base + path)
    dialog = no_dialog(driver)
    if dialog is not None:
        fail(f"{label}: a dialog opened: {dialog!r}")
    requested, document = requests_and_document(driver, base + path)
    if document is None:
        fail(f"{label}: no document response seen")
        return
    headers = {k.lower(): v for k, v in document["headers"].items()}
    if document["status"] != status or json_status != status:
        fail(f"{label}: status {document['status']} (JSON {json_status}), expected {status}")
    if not headers.get("content-type", "").startswith("text/html"):
        fail(f"{label}: Content-Type {headers.get('content-type')!r}")
    if headers.get("vary") != "Accept, Accept-Language":
        fail(f"{label}: Vary {headers.get('vary')!r}")
    for header in ("content-language", "retry-after"):
        json_value = {k.lower(): v for k, v in json_headers.items()}.get(header)
        if headers.get(header) != json_value:
            fail(f"{label}: {header} {headers.get(header)!r} on the page, {json_value!r} with JSON")
    others = [url for url in requested if url != base + path]
    if others:
        fail(f"{label}: the page requested {others}")
    messages = console_messages(driver, base + path)
    if messages:
        fail(f"{label}: console messages {messages}")
    state = driver.execute_script(
        "const s = getComputedStyle(document.body);"
        "return {scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,"
        " lang: document.documentElement.lang, dir: document.documentElement.dir,"
        " background: s.backgroundColor, display: s.display, scripts: document.scripts.length,"
        " images: document.images.length, styled: getComputedStyle(document.querySelector('.fe-alert')).borderRadius,"
        " hrefs: Array.from(document.links, a => a.href)}")
    # Against the emulated width too: a mobile viewport widens to content that overflows it.
    if state["scrollWidth"] > state["innerWidth"] or state["innerWidth"] != width:
        fail(f"{label}: horizontal overflow, scrollWidth {state['scrollWidth']}, innerWidth {state['innerWidth']}, "
             f"viewport {width}")
    if state["lang"] != problem["language"] or state["lang"] != headers.get("content-language"):
        fail(f"{label}: lang {state['lang']!r}, JSON language {problem['language']!r}")
    if state["dir"] != "ltr":
        fail(f"{label}: dir {state['dir']!r}")
    dark = luminance(state["background"]) < 0.3
    if dark != (scheme == "dark"):
        fail(f"{label}: background {state['background']} in {scheme} mode")
    if state["styled"] in ("", "0px"):
        fail(f"{label}: the style sheet was not applied (a Content-Security-Policy refusal?)")
    if state["scripts"] or state["images"]:
        fail(f"{label}: {state['scripts']} scripts, {state['images']} images")
    for href in state["hrefs"]:
        if not href.startswith(base + "/"):
            fail(f"{label}: a link leaves the site: {href}")
    headings, links = ax_summary(driver)
    if headings != [problem["title"]]:
        fail(f"{label}: headings {headings}, expected one named {problem['title']!r}")
    expected_links = [a["title"] for a in problem["actions"] if a.get("href")]
    for title in expected_links:
        if title not in links:
            fail(f"{label}: no link named {title!r} in {links}")
    if len(links) < 1 + len(expected_links):
        fail(f"{label}: links {links}: no Cancel")


def check_hostile(driver, base, name):
    path = "/comments/preview?text=" + urllib.parse.quote(HOSTILE)
    for language in LANGUAGES:
        label = f"{name} hostile {language}"
        configure(driver, 375, "dark", language)
        drain_logs(driver)
        driver.get(base + path)
        time.sleep(0.3)  # an injected onerror or timer would have run by now
        dialog = no_dialog(driver)
        if dialog is not None:
            fail(f"{label}: a dialog opened: {dialog!r}")
        requested, document = requests_and_document(driver, base + path)
        others = [url for url in requested if url != base + path]
        if others:
            fail(f"{label}: requests left the page: {others}")
        messages = console_messages(driver, base + path)
        if messages:
            fail(f"{label}: console messages {messages}")
        state = driver.execute_script(
            "return {message: document.querySelector('.fe-message').textContent,"
            " field: document.querySelector('.fe-problems li').textContent,"
            " display: getComputedStyle(document.body).display, scripts: document.scripts.length,"
            " images: document.images.length, styles: document.querySelectorAll('style').length,"
            " hrefs: Array.from(document.links, a => a.href),"
            " scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth}")
        # The bidi override is shown as its escape, as on the console: never obeyed.
        shown = HOSTILE.replace("\u202e", "\\u{202E}").replace("\u202c", "\\u{202C}")
        if shown not in state["message"] or shown not in state["field"]:
            fail(f"{label}: the hostile text is not shown as text: {state['message']!r}")
        if state["display"] == "none" or state["styles"] != 1:
            fail(f"{label}: the hostile </style><style> took effect ({state['styles']} style elements)")
        if state["scripts"] or state["images"]:
            fail(f"{label}: {state['scripts']} scripts, {state['images']} images")
        for href in state["hrefs"]:
            if not href.startswith(base + "/"):
                fail(f"{label}: a link leaves the page: {href}")
        if state["scrollWidth"] > state["innerWidth"] or state["innerWidth"] != 375:
            fail(f"{label}: horizontal overflow {state['scrollWidth']} > {state['innerWidth']} (viewport 375)")
        headings, links = ax_summary(driver)
        if len(headings) != 1:
            fail(f"{label}: headings {headings}")


def screenshot(driver, base, path, language, width, scheme, file):
    configure(driver, width, scheme, language)
    driver.get(base + path)
    # The card and a margin around it: the page centres it in the viewport.
    height = driver.execute_script("return Math.ceil(document.querySelector('.fe-alert').getBoundingClientRect().height)")
    configure(driver, width, scheme, language, height=min(height + (64 if width < 600 else 120), 1400))
    driver.get(base + path)
    data = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]
    import base64
    with open(file, "wb") as handle:
        handle.write(base64.b64decode(data))
    print(f"wrote {file} ({width} px, {language}, {scheme})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--name", default="server")
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    # `timeout` ends a hung run with SIGTERM: leave through `finally`, which quits the browser.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("error: the browser checks were stopped (timeout)"))
    started = time.time()
    try:
        driver = start_browser()
    except WebDriverException as error:
        print(f"error: headless Chromium did not start: {error.msg}", file=sys.stderr)
        return 1
    try:
        if arguments.screenshots:
            folder = arguments.screenshots
            screenshot(driver, arguments.base, "/account", "en", 1280, "light", f"{folder}/error-page-en-light.png")
            screenshot(driver, arguments.base, "/account", "ja", 1280, "dark", f"{folder}/error-page-ja-dark.png")
            screenshot(driver, arguments.base, "/comments/preview?text=" + urllib.parse.quote("<b>Hello</b>"),
                       "en", 375, "light", f"{folder}/error-page-phone.png")
            return 0
        count = 0
        for width in WIDTHS:
            for scheme in SCHEMES:
                for language in LANGUAGES:
                    configure(driver, width, scheme, language)
                    for path, status in PAGES:
                        check_page(driver, arguments.base, arguments.name, path, status, language, width, scheme)
                        count += 1
        check_hostile(driver, arguments.base, arguments.name)
    finally:
        driver.quit()
    elapsed = time.time() - started
    if failures:
        print(f"error: {len(failures)} browser check(s) failed on the {arguments.name} example", file=sys.stderr)
        return 1
    print(f"{arguments.name}: {count} pages in headless Chromium (5 pages x en/ja/de x 320/375/1280 px x light/dark) "
          f"and the hostile text in 3 languages passed every check, in {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
