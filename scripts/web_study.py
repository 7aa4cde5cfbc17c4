#!/usr/bin/env python3
"""Drives Primer's web app in headless Chromium (Debian's chromium and chromium-driver, PyPI's
selenium and axe-selenium-python), as a learner would, by clicks and keys:

 1. the first load (bytes transferred, time to the sign-in form), then sign up;
 2. a subject from a PDF, generated live on the mock; its lessons rendered as Markdown;
 3. study in "due" mode (flip with space, rate with 1-4, explain with e) on to a matching or
    ordering exercise, answered in its box; then in "all" mode;
 4. a quiz of every question, its results, the wrong ones retried; a term marked known; search;
    ask; the statistics' charts;
 5. a deck by hand in the editor: a topic, a subtopic, a card and a choice question;
 6. 20 offline/online flips (Chromium's network emulation) with random ratings, the server's
    review count read after each: exactly the ratings made, none lost, none twice;
 7. every view at 390x844 and 1280x900, in light and dark: a screenshot each, and axe-core's
    serious and critical violations;
 8. the string catalogue: English and German have the same keys.

Prints what it saw as JSON; exits 1 with the reason when a step fails.

    scripts/web_study.py BASE_URL PDF SCREENSHOTS
"""
import json
import random
import sys
import time

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen
from selenium.webdriver.support.ui import WebDriverWait

base, pdf, screenshots = sys.argv[1], sys.argv[2], sys.argv[3]
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=390,844", "--disable-gpu"):
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
# A view that redraws while it is read makes its old elements stale: read again.
wait = WebDriverWait(driver, 60, ignored_exceptions=(StaleElementReferenceException,))
saw = {"axe": {}, "consoleErrors": []}
sizes = {"phone": (390, 844), "desktop": (1280, 900)}


def css(selector):
    return wait.until(seen.presence_of_element_located((By.CSS_SELECTOR, selector)))


def visible(selector):
    return wait.until(seen.visibility_of_element_located((By.CSS_SELECTOR, selector)))


def click(selector):
    """Clicks the element once it can be; again if a view redrew it between (a stale element)."""
    for attempt in range(5):
        try:
            wait.until(seen.element_to_be_clickable((By.CSS_SELECTOR, selector))).click()
            return
        except StaleElementReferenceException:
            time.sleep(0.2)
    raise RuntimeError(f"{selector} kept being redrawn")


def snap(name):
    driver.save_screenshot(f"{screenshots}/{name}.png")


def key(text):
    webdriver.ActionChains(driver).send_keys(text).perform()


def fetch(path):
    """A GET of the API from the page, with its session cookie."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin'}).then((r) => r.json()).then(done, (e) => done({error: String(e)}));", path)


def reviews(subject):
    return fetch(f"/api/subjects/{subject}/stats?days=7")["deck"]["reviews"]


def offline(flag):
    driver.set_network_conditions(offline=flag, latency=0, download_throughput=-1, upload_throughput=-1)


def size(width, height):
    """The page's viewport (headless Chromium's window is at least 500 px wide; a phone's is
    emulated through the DevTools protocol)."""
    driver.set_window_size(max(width, 500), height)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})


def audit(name):
    """axe-core on the view as it is: its serious and critical violations."""
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    bad = [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:3]}
           for v in results["violations"] if v["impact"] in ("serious", "critical")]
    saw["axe"][name] = bad


def console():
    for entry in driver.get_log("browser"):
        if "favicon" not in entry["message"] and "net::ERR_INTERNET_DISCONNECTED" not in entry["message"] and "Failed to fetch" not in entry["message"]:
            saw["consoleErrors"].append(entry["message"])


def study_card(rating_key, name=None):
    """Flips the card shown and rates it with a key; waits for the next."""
    front = css("[data-testid=front]")
    key(" ")
    visible("[data-testid=answer]")
    if name:
        snap(name)
    key(rating_key)
    wait.until(seen.staleness_of(front))
    return front


def start_session(mode):
    """Starts a session in `mode` and waits for its first card (not the one shown before)."""
    driver.find_element(By.CSS_SELECTOR, f"#study-mode option[value={mode}]").click()
    before = driver.find_elements(By.CSS_SELECTOR, "[data-testid=card]")
    click("#start-session")
    if before:
        wait.until(seen.staleness_of(before[0]))
    return css("[data-testid=front]")


try:
    # 1. The first load.
    size(*sizes["phone"])
    driver.get(base + "/")
    css("[data-testid=signup-form]")
    # The first visit: nothing cached, no service worker yet.
    wait.until(lambda d: d.execute_script("return performance.getEntriesByName('primer-interactive').length > 0"))
    saw["firstLoad"] = driver.execute_script(
        "const n = performance.getEntriesByType('navigation')[0];"
        "const r = performance.getEntriesByType('resource');"
        "return {bytes: n.transferSize + r.reduce((s, e) => s + e.transferSize, 0), files: r.length + 1,"
        " interactiveMs: performance.getEntriesByName('primer-interactive')[0].startTime};")
    snap("01-sign-in-phone")
    css("#signup-name").send_keys("Ana")
    css("#signup-email").send_keys("ana@example.com")
    css("#signup-password").send_keys("correct horse battery")
    click("#signup")
    saw["who"] = visible("#who").text

    # 2. A subject from a PDF, generated on the mock.
    click("#new-subject")
    css("#title").send_keys("Cell Biology")
    css("#icon").send_keys("🧬")
    css("#document").send_keys(pdf)
    snap("02-new-subject-phone")
    click("#create")
    end = WebDriverWait(driver, 120).until(seen.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=job-end]")))
    saw["progress"] = [line.text for line in driver.find_elements(By.CSS_SELECTOR, "#progress > div")]
    saw["job"] = end.text
    snap("03-generated-phone")
    click("#open-subject")
    css("[data-testid=lesson]")
    subject = int(driver.current_url.split("#/s/")[1].split("/")[0])
    saw["topics"] = [topic.text.split("\n")[0] for topic in driver.find_elements(By.CSS_SELECTOR, "[data-testid=topic]")]
    lesson = driver.find_element(By.CSS_SELECTOR, "[data-testid=lesson]")
    saw["lessonRendered"] = len(lesson.find_elements(By.CSS_SELECTOR, "h1,h2,h3,h4,h5,h6,p,ul,ol,table")) > 0 and "**" not in lesson.text
    saw["lessonSources"] = [source.text for source in driver.find_elements(By.CSS_SELECTOR, "[data-testid=lesson-sources] li")]
    snap("04-lesson-phone")

    # 3. Study, due mode: three cards by keys, on to an exercise.
    click("[data-tab=study]")
    fronts = []
    for number in range(3):
        if number == 0:
            front = css("[data-testid=front]")
            saw["firstFront"] = front.text
            key(" ")
            visible("[data-testid=answer]")
            snap("05-card-flipped-phone")
            saw["ratingButtons"] = [button.text for button in driver.find_elements(By.CSS_SELECTOR, "[data-rating]")]
            key("e")
            saw["explanation"] = visible("[data-testid=explanation]").text
            key("3")
            wait.until(seen.staleness_of(front))
            fronts.append(front)
        else:
            fronts.append(study_card("3"))
    saw["studied"] = len(fronts)
    extra = 0
    for _ in range(80):
        if driver.find_elements(By.CSS_SELECTOR, "form.exercise"):
            break
        study_card("3")
        extra += 1
    form = css("form.exercise")
    saw["exerciseHint"] = form.find_element(By.NAME, "answer").get_attribute("placeholder")
    form.find_element(By.NAME, "answer").send_keys("1a 2b")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    saw["exercise"] = visible("[data-testid=check]").text
    snap("06-exercise-checked-phone")
    click("[data-rating=good]")
    rated = 3 + extra + 1
    wait.until(seen.staleness_of(form))
    # A second mode: all items.
    start_session("all")
    study_card("4")
    rated += 1
    saw["summary"] = css("[data-testid=session-summary]").text

    # 4. The quiz, its results, the wrong ones again.
    click("[data-tab=quiz]")
    questions = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-question]"))
    saw["quizQuestions"] = len(questions)
    saw["quizExercises"] = 0
    for question in questions:
        radios = question.find_elements(By.CSS_SELECTOR, "input[type=radio]")
        if radios:
            radios[0].click()
        else:
            question.find_element(By.CSS_SELECTOR, "input:not([type=radio])").send_keys("1a 2b" if "number" in question.text else "a b c")
            saw["quizExercises"] += 1
    snap("07-quiz-phone")
    click("#submit-quiz")
    saw["quiz"] = css("[data-testid=quiz-result] h2").text
    saw["quizParts"] = [len(parts.find_elements(By.TAG_NAME, "li")) for parts in driver.find_elements(By.CSS_SELECTOR, "[data-testid=parts]")]
    why = driver.find_elements(By.CSS_SELECTOR, "[data-why]")
    saw["wrongAnswers"] = len(why)
    if why:
        why[0].click()
        saw["why"] = visible("[data-testid=quiz-result] [data-testid=explanation]").text
    snap("08-quiz-result-phone")
    quizzes = 1
    quiz_reviews = saw["quizQuestions"]
    retry = driver.find_elements(By.CSS_SELECTOR, "[data-testid=retry-wrong]")
    if retry:
        retry[0].click()
        again = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-question]"))
        saw["retried"] = len(again)
        for question in again:
            radios = question.find_elements(By.CSS_SELECTOR, "input[type=radio]")
            if radios:
                radios[-1].click()
            else:
                question.find_element(By.CSS_SELECTOR, "input:not([type=radio])").send_keys("1a 2b")
        click("#submit-quiz")
        css("[data-testid=quiz-result] h2")
        quizzes += 1
        quiz_reviews += len(again)

    click("[data-tab=vocab]")
    box = css("[data-testid=vocabulary] input[type=checkbox]")
    box.click()
    saw["vocabItem"] = int(box.get_attribute("data-item"))
    snap("09-vocabulary-phone")

    click("[data-filter=known]")
    saw["knownTerms"] = len(wait.until(lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, "[data-testid=vocabulary] input[type=checkbox]")
                                                   if b.is_displayed()] or None))

    # Search, ask, the documents.
    click("[data-tab=search]")
    # The longest word of the first card studied: it is in the subject's items.
    word = max((w.strip(".,;:?!()[]…\"'") for w in saw["firstFront"].split()), key=len)
    saw["searched"] = word
    css("#search-query").send_keys(word)
    saw["searchResults"] = len(wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-testid=search-results] li[data-result] mark") or None))
    snap("09b-search-phone")
    click("[data-tab=ask]")
    css("#ask-question").send_keys("What is the cell membrane?")
    click("#ask-submit")
    saw["ask"] = visible("[data-testid=answer]").text
    snap("09c-ask-phone")
    click("[data-tab=documents]")
    saw["documents"] = [row.text.split("\n")[0] for row in wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-testid=doc-row]") or None)]

    click("[data-tab=stats]")
    css("[data-testid=stats]")
    saw["charts"] = sorted({chart.get_attribute("data-chart") for chart in driver.find_elements(By.CSS_SELECTOR, "[data-chart]")})
    snap("10-stats-phone")

    # 5. A deck by hand: an empty subject, a topic, a subtopic, three items of two shapes; one
    # edited (its history kept), two reordered, one deleted in bulk; a lesson written; studied.
    driver.get(base + "/#/new")
    css("#title").send_keys("Spanish A1")
    click("#create-empty")
    css("#new-topic-title").send_keys("Verbs")
    click("#add-topic")
    topic = css("[data-testid=topic-edit][data-topic]")
    css("[data-testid=add-subtopic-form] input").send_keys("Ser")
    click("[data-testid=add-subtopic]")
    click("[data-testid=open-subtopic]")
    wait.until(lambda d: "Ser" in d.find_element(By.CSS_SELECTOR, "#edit-subtopic").get_attribute("innerText"))
    time.sleep(0.3)

    def add_item(shape, fields):
        click("#add-item")
        css("[data-testid=item-form]")
        driver.find_element(By.CSS_SELECTOR, f"#item-shape option[value={shape}]").click()
        for name, value in fields.items():
            for attempt in range(5):
                try:
                    box = css(f"#item-{name}")
                    box.clear()
                    box.send_keys(value)
                    break
                except StaleElementReferenceException:
                    time.sleep(0.2)
        rows = len(driver.find_elements(By.CSS_SELECTOR, "[data-testid=item-row]"))
        click("#save-item")
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-testid=item-row]")) == rows + 1)

    add_item("pair", {"front": "soy", "back": "I am"})
    add_item("pair", {"front": "eres", "back": "you are"})
    add_item("choice", {"question": "Which is 'we are'?", "choices": "somos\nsois\nson", "correctindex": "1"})
    rows = driver.find_elements(By.CSS_SELECTOR, "[data-testid=item-row]")
    ids = [int(row.get_attribute("data-item")) for row in rows]
    saw["handItems"] = len(ids)
    click(f"#edit-item-{ids[0]}")
    back = css("#item-back")
    back.clear()
    back.send_keys("I am (ser)")
    click("#save-item")
    wait.until(seen.staleness_of(back))
    click(f"#history-item-{ids[0]}")
    saw["history"] = len(wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-testid=revision]")))
    click("#close-history")
    click(f"#item-down-{ids[0]}")
    wait.until(lambda d: [int(r.get_attribute("data-item")) for r in d.find_elements(By.CSS_SELECTOR, "[data-testid=item-row][data-family=flashcards]")][:2] == [ids[1], ids[0]])
    click(f"#item-select-{ids[2]}")
    click("#bulk-delete")
    driver.switch_to.alert.accept()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-testid=item-row]")) == 2)
    lesson_box = css("#lesson-text")
    lesson_box.send_keys("## Ser\n\n**Soy** means *I am*.\n\n| form | meaning |\n| --- | --- |\n| soy | I am |\n")
    click("#save-lesson")
    saw["lessonSaved"] = visible("[data-testid=lesson-status]").text
    snap("10b-deck-by-hand-phone")
    hand = int(driver.current_url.split("#/s/")[1].split("/")[0])
    saw["handSubject"] = hand
    saw["handOrder"] = [int(r.get_attribute("data-item")) for r in driver.find_elements(By.CSS_SELECTOR, "[data-testid=item-row]")]
    driver.get(base + f"/#/s/{hand}/lesson")
    lesson = css("[data-testid=lesson]")
    saw["handLesson"] = [len(lesson.find_elements(By.TAG_NAME, "table")), len(lesson.find_elements(By.TAG_NAME, "strong"))]
    driver.get(base + f"/#/s/{hand}/study")
    css("[data-testid=front]")
    study_card("3")
    study_card("1")
    saw["handReviews"] = 2
    # Grown by one generated subtopic (the mock): the hand-made items stay.
    driver.get(base + f"/#/s/{hand}/generate")
    count = css("#next-count")
    count.clear()
    count.send_keys("1")
    click("#generate-next")
    saw["grown"] = WebDriverWait(driver, 120).until(seen.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=job-end]"))).text
    snap("10c-grown-phone")

    # The account: the name, a calendar feed's address, the page in German.
    driver.get(base + "/#/account")
    saw["accountName"] = css("[data-testid=account-name]").text
    click("#calendar-create")
    saw["calendar"] = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#calendar-url").get_attribute("value") or None)
    driver.find_element(By.CSS_SELECTOR, "#account-language option[value=de]").click()
    saw["german"] = wait.until(lambda d: d.find_element(By.ID, "logout").text if d.find_element(By.ID, "logout").text != "Log out" else None)
    snap("10d-account-german-phone")
    driver.find_element(By.CSS_SELECTOR, "#account-language option[value=en]").click()
    wait.until(lambda d: d.find_element(By.ID, "logout").text == "Log out")
    driver.get(base + f"/#/s/{subject}/study")
    css("#study-mode")

    # 6. Offline and back, twenty times, rating at random; the server counts.
    click("[data-tab=study]")
    randomness = random.Random(41)
    counted = reviews(subject)
    flips = []
    for flip in range(20):
        start_session("all")
        offline(True)
        made = 5 if flip == 0 else randomness.randint(1, 5)
        for _ in range(made):
            study_card(str(randomness.randint(1, 4)))
        if flip == 0:
            saw["offlineBanner"] = visible("#offline").text
            snap("11-offline-phone")
        if flip == 10:
            # Reloaded while offline: the service worker brings the app back, the session kept on
            # the device goes on without the cards already rated, and the ratings still waiting
            # are in IndexedDB.
            driver.refresh()
            css("[data-testid=front]")
            saw["offlineReload"] = visible("#offline").text
            snap("12-offline-reloaded-phone")
            for _ in range(2):
                study_card(str(randomness.randint(1, 4)))
            made += 2
        offline(False)
        WebDriverWait(driver, 60).until(lambda d: not d.find_element(By.ID, "offline").is_displayed())
        now = reviews(subject)
        flips.append({"made": made, "counted": now - counted})
        counted = now
        rated += made
    saw["flips"] = flips

    saw["rated"] = rated
    saw["quizzes"] = quizzes
    saw["quizReviews"] = quiz_reviews
    saw["subject"] = subject
    saw["serverReviews"] = reviews(subject)

    # Keyboard only: log out, log in, open a subject, study a card — Tab, typing, Enter, Space, 3.
    def tab_to(test, limit=60):
        """Presses Tab until the focused element passes `test` (JavaScript on `e`)."""
        for _ in range(limit):
            key("\ue004")
            if driver.execute_script(f"const e = document.activeElement; return !!e && ({test});"):
                return
        raise RuntimeError(f"Tab never reached {test}")

    driver.get(base + "/#/")
    css("[data-testid=subject]")
    tab_to("e.id === 'logout'")
    key("\ue007")
    css("[data-testid=login-form]")
    tab_to("e.id === 'login-email'")
    key("ana@example.com")
    key("\ue004")
    key("correct horse battery")
    key("\ue007")
    css("[data-testid=subject]")
    tab_to(f"e.getAttribute('href') === '#/s/{subject}/study'")
    key("\ue007")
    before_keys = reviews(subject)
    study_card("3")
    WebDriverWait(driver, 30).until(lambda d: reviews(subject) > before_keys)
    saw["keyboardOnly"] = reviews(subject) - before_keys
    rated += saw["keyboardOnly"]
    saw["rated"] = rated

    # 8. The catalogue.
    saw["catalogue"] = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/js/i18n.js').then((m) => m.catalogueKeys()).then(done, (e) => done({error: String(e)}));")
    saw["catalogue"] = {"en": len(saw["catalogue"]["en"]), "de": len(saw["catalogue"]["de"]),
                        "onlyEnglish": sorted(set(saw["catalogue"]["en"]) - set(saw["catalogue"]["de"])),
                        "onlyGerman": sorted(set(saw["catalogue"]["de"]) - set(saw["catalogue"]["en"]))}

    # 7. Every view at both sizes, light and dark: screenshots and axe-core.
    views = ["#/", "#/new", "#/account"] + [f"#/s/{subject}/{tab}" for tab in
             ("lesson", "study", "quiz", "vocab", "search", "ask", "edit", "generate", "documents", "stats")]
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        for size_name, (width, height) in sizes.items():
            size(width, height)
            for view in views:
                driver.get(base + "/" + view)
                css("main h2")
                time.sleep(0.4)
                name = view.strip("#/").replace("/", "-").replace(str(subject), "subject") or "subjects"
                snap(f"view-{name}-{size_name}-{scheme}")
                audit(f"{name} {size_name} {scheme}")
    console()
    print(json.dumps(saw))
except Exception as error:  # the step that failed, with the page as it was
    snap("failure")
    try:
        console()
    except Exception:
        pass
    print(f"web study failed: {type(error).__name__}: {error}; saw {json.dumps(saw)}", file=sys.stderr)
    sys.exit(1)
finally:
    driver.quit()
