// The round's clock on every page (archon.web.clock): the figures come from
// GET /api/clock when the page opens, when the workbook changes (the page's
// refresh, console.js's "archon:updated") and when the page comes back into
// view; in between the browser counts down by itself: no request per second.
// A phone that looked up a player (the players' page) also shows that
// player's table's extra time, and no other table's. The projector view
// (/screen) shows its long lists a page at a time.
(function () {
  "use strict";
  var box = document.getElementById("clock");
  var word = window.archonWords("clock-words");  // words.js: the page's label with its {fields} filled in
  var figures = null, at = 0;  // the server's figures, and when (this page's clock) they came
  function left(seconds) {
    var s = Math.max(0, Math.round(seconds)), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, x = s % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return h ? h + ":" + two(m) + ":" + two(x) : m + ":" + two(x);
  }
  function now(remaining) {  // seconds left now, counted down since the figures came (a paused clock stands)
    return figures.state === "running" ? remaining - (Date.now() - at) / 1000 : remaining;
  }
  function myTable() {  // the table of the player this phone looked up: every name shown at one table
    var shown = document.querySelectorAll("#seats li:not([hidden])"), table = null;
    for (var i = 0; i < shown.length; i++) {
      var at = shown[i].querySelector("[data-table]"), t = at ? at.dataset.table : "";
      if (!t || (table !== null && t !== table)) return null;
      table = t;
    }
    return table;
  }
  function show() {
    if (!box) return;
    // the players' page and /screen: only the clock of the round under way (not an old round's, not once the
    // final has its result); the organizer's page (its controls around the clock) shows it always
    var stale = figures && figures.on_show === false && !box.closest("#clock-controls");
    if (!figures || figures.round === null || figures.round === undefined || stale) { box.hidden = true; box.dataset.state = "not_started"; forms("not_started", true); return; }
    var rest = now(figures.remaining);
    box.hidden = false;
    box.dataset.state = figures.state;
    box.dataset.round = figures.round;
    box.querySelector(".clock-round").textContent = figures.round === "F" ? word("final") : word("round", { round: figures.round });
    box.querySelector(".clock-time").textContent = left(rest);
    box.querySelector(".clock-state").textContent = rest <= 0 ? word("time_up") : figures.state === "paused" ? word("paused") : "";
    box.classList.toggle("over", rest <= 0);
    var line = box.querySelector(".clock-table"), table = myTable(), mine = null;
    (figures.tables || []).forEach(function (t) { if (String(t.table) === table) mine = t; });
    line.hidden = !mine;
    line.dataset.table = mine ? mine.table : "";
    line.textContent = mine ? word("table", { table: mine.table, left: left(now(mine.remaining)), extra: mine.extra }) : "";
    // a start again once the time is up, or once another round is under way (the next one seated)
    var next = figures.under_way !== null && figures.under_way !== undefined && String(figures.under_way) !== String(figures.round);
    forms(figures.state, rest <= 0 || next);
  }
  function forms(state, startable) {  // the organizer's controls: the ones that fit the clock's state
    // a form sent has its buttons turned off (console.js) until the page shows the new state: these
    // live outside the part it replaces, so they come back here, unless writes are off (the file is open)
    var live = document.getElementById("live"), off = live ? live.dataset.off || "" : "";
    var busy = document.body.dataset.busy;
    document.querySelectorAll("#clock-controls form[data-when]").forEach(function (f) {
      f.hidden = f.dataset.when.split(" ").indexOf(state) === -1 && !(startable && f.id === "clock-start");
      if (!busy) f.querySelectorAll("button").forEach(function (b) { b.disabled = !!off; b.title = off; });
    });
  }
  function fetchFigures() {
    return fetch("/api/clock", { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) { if (d) { figures = d; at = Date.now(); show(); } })
      .catch(function () {});
  }
  document.addEventListener("archon:updated", fetchFigures);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) fetchFigures(); });
  document.addEventListener("input", function (e) { if (e.target.id === "find") show(); });
  setInterval(show, 1000);
  fetchFigures();

  // -- the projector view: long lists a page at a time ---------------------
  var turn = 0;
  function pages() {
    document.querySelectorAll("[data-pages]").forEach(function (list) {
      var per = parseInt(list.dataset.pages, 10), items = list.children, count = Math.ceil(items.length / per);
      var page = count ? turn % count : 0;
      for (var i = 0; i < items.length; i++) items[i].hidden = Math.floor(i / per) !== page;
      list.dataset.page = count > 1 ? (page + 1) + "/" + count : "";
    });
  }
  if (document.body.classList.contains("screen")) {
    pages();
    document.addEventListener("archon:updated", pages);
    setInterval(function () { turn++; pages(); }, 12000);
  }
})();
