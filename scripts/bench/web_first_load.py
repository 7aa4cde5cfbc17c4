#!/usr/bin/env python3
"""The web app's first load, as a new visitor's running browser sees it: headless Chromium opens
BASE_URL RUNS times, each time after clearing everything the origin left (cache, service worker,
storage) and the browser's cache; for each, the bytes transferred (the page and every file it
loads) and the time from navigation until the first view is on screen and answers (the page's
`primer-interactive` mark). The first run (the browser's own start) is reported apart. Prints
JSON with the medians.

    scripts/bench/web_first_load.py BASE_URL [RUNS]
"""
import json
import statistics
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

base = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
loads = []
try:
    for _ in range(runs + 1):
        driver.get("about:blank")
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": base, "storageTypes": "all"})
        driver.get(base + "/")
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return performance.getEntriesByName('primer-interactive').length > 0"))
        loads.append(driver.execute_script(
            "const n = performance.getEntriesByType('navigation')[0];"
            "const r = performance.getEntriesByType('resource');"
            "return {bytes: n.transferSize + r.reduce((s, e) => s + e.transferSize, 0), files: r.length + 1,"
            " interactiveMs: performance.getEntriesByName('primer-interactive')[0].startTime};"))
finally:
    driver.quit()
first, rest = loads[0], loads[1:]
print(json.dumps({
    "runs": runs, "bytes": statistics.median(load["bytes"] for load in rest), "files": rest[0]["files"],
    "interactiveMsMedian": round(statistics.median(load["interactiveMs"] for load in rest), 1),
    "interactiveMsMax": round(max(load["interactiveMs"] for load in rest), 1),
    "browserStartRun": first, "interactiveMs": [round(load["interactiveMs"]) for load in rest],
}))
