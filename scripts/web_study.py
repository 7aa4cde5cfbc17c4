#!/usr/bin/env python3
"""Drives Primer's study page in headless Chromium (Debian's chromium and chromium-driver, PyPI's
selenium), as a learner on a phone-sized screen would: sign up, create a subject with a PDF and
watch its generation live, read the lesson, study three cards (flip with the space bar, rate with
the keys 1-4), study on to the first matching or ordering exercise and answer it in its box, take
the quiz (its exercises typed), mark a term known, read the stats. Saves a screenshot of each step
in SCREENSHOTS and prints what it saw as JSON; exits 1 with the reason when a step fails.

    scripts/web_study.py BASE_URL PDF SCREENSHOTS
"""
import json
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen
from selenium.webdriver.support.ui import WebDriverWait

base, pdf, screenshots = sys.argv[1], sys.argv[2], sys.argv[3]
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=390,844", "--disable-gpu"):
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(driver, 60)
saw = {}


def css(selector):
    return wait.until(seen.presence_of_element_located((By.CSS_SELECTOR, selector)))


def click(selector):
    wait.until(seen.element_to_be_clickable((By.CSS_SELECTOR, selector))).click()


def snap(name):
    driver.save_screenshot(f"{screenshots}/{name}.png")


def key(text):
    webdriver.ActionChains(driver).send_keys(text).perform()


try:
    driver.get(base + "/")
    css("[data-testid=signup-form]")
    snap("1-sign-in")
    css("#signup-name").send_keys("Ana")
    css("#signup-email").send_keys("ana@example.com")
    css("#signup-password").send_keys("correct horse battery")
    click("#signup")
    click("#new-subject")
    css("#title").send_keys("Cell Biology")
    css("#icon").send_keys("🧬")
    css("#document").send_keys(pdf)
    snap("2-new-subject")
    click("#create")
    end = wait.until(seen.presence_of_element_located((By.CSS_SELECTOR, "[data-testid=job-end]")))
    saw["progress"] = [line.text for line in driver.find_elements(By.CSS_SELECTOR, "#progress > div")]
    saw["job"] = end.text
    snap("3-generated")
    click("#open-subject")
    css("[data-testid=lesson]")
    saw["topics"] = [topic.find_element(By.TAG_NAME, "h2").text for topic in driver.find_elements(By.CSS_SELECTOR, "[data-testid=topic]")]
    snap("4-lesson")

    click("[data-tab=study]")
    fronts = []
    for number in range(3):
        front = css("[data-testid=front]")
        fronts.append(front.text)
        key(" ")
        wait.until(seen.visibility_of_element_located((By.CSS_SELECTOR, "[data-testid=answer]")))
        if number == 0:
            snap("5-card-flipped")
            saw["ratingButtons"] = [button.text for button in driver.find_elements(By.CSS_SELECTOR, "[data-rating]")]
            key("e")
            saw["explanation"] = css("[data-testid=explanation]").text
            snap("5b-card-explained")
        key("3")
        wait.until(seen.staleness_of(front))
    saw["studied"] = fronts
    snap("6-after-three-cards")

    # On to the first exercise (matching or ordering), rating the cards before it: it is
    # answered in its box, checked by the server part by part, then rated.
    extra = 0
    for _ in range(80):
        if driver.find_elements(By.CSS_SELECTOR, "form.exercise"):
            break
        front = css("[data-testid=front]")
        key(" ")
        wait.until(seen.visibility_of_element_located((By.CSS_SELECTOR, "[data-testid=answer]")))
        key("3")
        extra += 1
        wait.until(seen.staleness_of(front))
    form = css("form.exercise")
    saw["exerciseHint"] = form.find_element(By.NAME, "answer").get_attribute("placeholder")
    form.find_element(By.NAME, "answer").send_keys("1a 2b")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    saw["exercise"] = wait.until(seen.visibility_of_element_located((By.CSS_SELECTOR, "[data-testid=check]"))).text
    snap("6b-exercise-checked")
    click("[data-rating=good]")
    saw["extraReviews"] = extra + 1
    wait.until(seen.staleness_of(form))

    click("[data-tab=quiz]")
    questions = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-question]"))
    saw["quizExercises"] = 0
    for question in questions:
        radios = question.find_elements(By.CSS_SELECTOR, "input[type=radio]")
        if radios:
            radios[0].click()
        else:  # an exercise: typed, as in the study view
            question.find_element(By.CSS_SELECTOR, "input:not([type])").send_keys("1a 2b" if "number" in question.text else "a b c")
            saw["quizExercises"] += 1
    snap("7-quiz")
    click("#submit-quiz")
    saw["quiz"] = css("[data-testid=quiz-result] h2").text
    saw["quizParts"] = [len(parts.find_elements(By.TAG_NAME, "li")) for parts in driver.find_elements(By.CSS_SELECTOR, "[data-testid=parts]")]
    why = driver.find_elements(By.CSS_SELECTOR, "[data-why]")
    saw["wrongAnswers"] = len(why)
    if why:
        why[0].click()
        saw["why"] = css("[data-testid=quiz-result] [data-testid=explanation]").text
    snap("8-quiz-result")

    click("[data-tab=vocab]")
    box = css("[data-testid=vocabulary] input[type=checkbox]")
    box.click()
    saw["vocabItem"] = int(box.get_attribute("data-item"))
    click("[data-tab=stats]")
    saw["stats"] = css("[data-testid=stats]").text
    snap("9-stats")
    driver.get(base + "/#/")
    saw["subjects"] = css("[data-testid=subject]").text
    saw["who"] = driver.find_element(By.ID, "who").text
    snap("10-subjects")
    print(json.dumps(saw))
except Exception as error:  # the step that failed, with the page as it was
    snap("failure")
    print(f"web study failed: {type(error).__name__}: {error}; saw {json.dumps(saw)}", file=sys.stderr)
    sys.exit(1)
finally:
    driver.quit()
