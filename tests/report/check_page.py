#!/usr/bin/python3
"""Opens a local HTML page in headless Chromium and lists what is broken on it.

usage: /usr/bin/python3 tests/report/check_page.py PAGE.html [--screenshot OUT.png]
                                                   [--chromium /usr/bin/chromium]

Talks to Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe:
NUL-terminated JSON, commands written to the browser's fd 3, answers read from its
fd 4), standard library only. A problem is any of:
  - an image that did not load (complete with naturalWidth 0, or not complete);
  - a link (<a href>) to an anchor the page does not have, to a local file that does
    not exist, or to anything outside file:// (http, https, ...);
  - a console error (console.error, Log.entryAdded level error) or uncaught exception;
  - a failed network request (Network.loadingFailed) or an HTTP-like error status.
Exit codes: 0 no problem, 1 problems (one per line), 77 Chromium absent, 2 other error
(Chromium failed to start or answer within the timeout).
"""
import argparse
import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

SKIP = 77
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions", "--disable-sync",
         "--disable-background-networking", "--disable-component-update",
         "--remote-debugging-pipe", "--hide-scrollbars", "--mute-audio"]

# Evaluated in the page after the load event: images and links, as JSON.
PROBE = """JSON.stringify({
  images: Array.from(document.images).map(i => ({src: i.currentSrc || i.src,
      complete: i.complete, width: i.naturalWidth})),
  links: Array.from(document.querySelectorAll('a[href]')).map(a => ({
      raw: a.getAttribute('href'), url: a.href})),
  ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id),
  names: Array.from(document.querySelectorAll('a[name]')).map(e => e.name),
  title: document.title, height: document.documentElement.scrollHeight})"""


class Browser:
    """One headless Chromium, driven over the pipe; every read has a deadline."""

    def __init__(self, chromium, timeout):
        self.deadline = time.monotonic() + timeout
        self.profile = tempfile.mkdtemp(prefix="check-page-profile-")
        cmd_r, self.cmd_w = os.pipe()
        self.res_r, res_w = os.pipe()
        # The child sees cmd_r as fd 3 and res_w as fd 4.
        self.proc = subprocess.Popen(
            [chromium, *FLAGS, f"--user-data-dir={self.profile}", "--window-size=1400,1000",
             "about:blank"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, pass_fds=(3, 4),
            preexec_fn=lambda: (os.dup2(cmd_r, 3), os.dup2(res_w, 4)))
        os.close(cmd_r)
        os.close(res_w)
        self.buf, self.next_id, self.events = b"", 0, []

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:  # noqa: BLE001 - best effort; the process is killed below
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.cmd_w)
        os.close(self.res_r)
        shutil.rmtree(self.profile, ignore_errors=True)

    def read_message(self):
        while b"\0" not in self.buf:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer in time")
            ready, _, _ = select.select([self.res_r], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.res_r, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, params=None, session=None):
        """Sends a command and returns its result; events seen meanwhile are kept."""
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        while True:
            reply = self.read_message()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_event(self, method):
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(i)
        while True:
            e = self.read_message()
            if e.get("method") == method:
                return e
            self.events.append(e)

    def drain(self, seconds):
        """Collects events for a short while (late console messages, failed loads)."""
        end = min(self.deadline, time.monotonic() + seconds)
        while time.monotonic() < end:
            ready, _, _ = select.select([self.res_r], [], [], max(0.0, end - time.monotonic()))
            if ready:
                chunk = os.read(self.res_r, 1 << 20)
                if not chunk:
                    return
                self.buf += chunk
                while b"\0" in self.buf:
                    msg, self.buf = self.buf.split(b"\0", 1)
                    self.events.append(json.loads(msg))


def load_page(browser, url):
    """Opens `url` in a new tab with the domains enabled; returns the session id."""
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget",
                           {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Runtime", "Log", "Page", "Network"):
        browser.send(f"{domain}.enable", session=session)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": 1400, "height": 1000, "deviceScaleFactor": 1, "mobile": False},
                 session=session)
    nav = browser.send("Page.navigate", {"url": url}, session=session)
    if nav.get("errorText"):
        raise RuntimeError(f"navigation to {url} failed: {nav['errorText']}")
    browser.wait_event("Page.loadEventFired")
    browser.drain(1.0)
    return session


def event_problems(events):
    out = []
    for e in events:
        m, p = e.get("method"), e.get("params", {})
        if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in p["args"])
            out.append(f"console error: {text}")
        elif m == "Runtime.exceptionThrown":
            d = p["exceptionDetails"]
            out.append("uncaught exception: "
                       + d.get("exception", {}).get("description", d.get("text", "")))
        elif m == "Log.entryAdded" and p["entry"]["level"] == "error":
            out.append(f"log error: {p['entry']['text']} {p['entry'].get('url', '')}".strip())
        elif m == "Network.loadingFailed":
            out.append(f"failed request: {p.get('errorText')} (request {p.get('requestId')})")
        elif m == "Network.responseReceived" and p["response"].get("status", 200) >= 400:
            out.append(f"failed request: status {p['response']['status']} "
                       f"{p['response']['url']}")
    return out


def link_problems(page_url, probe):
    anchors = set(probe["ids"]) | set(probe["names"])
    out = []
    for link in probe["links"]:
        raw, url = link["raw"], urllib.parse.urlsplit(link["url"])
        if url.scheme != "file":
            out.append(f"external or non-file link: {raw}")
            continue
        target_page = urllib.parse.urlunsplit(url._replace(fragment=""))
        if target_page == page_url.split("#")[0]:
            if url.fragment and urllib.parse.unquote(url.fragment) not in anchors:
                out.append(f"broken anchor: {raw}")
        elif not os.path.exists(urllib.parse.unquote(url.path)):
            out.append(f"broken link: {raw} (no file {urllib.parse.unquote(url.path)})")
    return out


def image_problems(probe):
    return [f"image not loaded: {i['src']}" for i in probe["images"]
            if not i["complete"] or i["width"] == 0]


def capture(browser, session, path, anchor):
    """Screenshot of the viewport, scrolled to element `anchor` when given."""
    if anchor:
        browser.send("Runtime.evaluate", {"expression": f"document.getElementById("
                                          f"{json.dumps(anchor)}).scrollIntoView()"},
                     session=session)
        browser.drain(0.3)
    shot = browser.send("Page.captureScreenshot", {"format": "png"}, session=session)
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))


def check(page, screenshot, chromium, timeout=90, anchor=""):
    """Problems found on `page` (a list of lines); writes the screenshot if asked."""
    url = "file://" + urllib.parse.quote(os.path.abspath(page))
    browser = Browser(chromium, timeout)
    try:
        session = load_page(browser, url)
        res = browser.send("Runtime.evaluate", {"expression": PROBE, "returnByValue": True},
                           session=session)
        probe = json.loads(res["result"]["value"])
        if screenshot:
            capture(browser, session, screenshot, anchor)
        browser.drain(0.2)
        problems = (image_problems(probe) + link_problems(url, probe)
                    + event_problems(browser.events))
        print(f"check_page: {page}: {len(probe['images'])} images, {len(probe['links'])} "
              f"links, {len(probe['ids'])} ids, page height {probe['height']} px")
        return problems
    finally:
        browser.close()


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("page")
    ap.add_argument("--screenshot", default="")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--timeout", type=float, default=90)
    ap.add_argument("--anchor", default="", help="scroll to this id before the screenshot")
    args = ap.parse_args(argv)
    if not os.access(args.chromium, os.X_OK):
        print(f"check_page: SKIP: no Chromium at {args.chromium}")
        return SKIP
    try:
        problems = check(args.page, args.screenshot, args.chromium, args.timeout,
                         args.anchor)
    except (OSError, RuntimeError, TimeoutError, KeyError, ValueError) as e:
        print(f"check_page: error: {e}", file=sys.stderr)
        return 2
    for p in problems:
        print(f"check_page: PROBLEM: {p}")
    if args.screenshot:
        print(f"check_page: screenshot {os.path.abspath(args.screenshot)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
