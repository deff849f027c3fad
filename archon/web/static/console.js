// The event console's pages: live updates (server-sent events), the verdict
// of a table as its VPs are typed, and forms sent as JSON to the API.
// No library, no build step; every rule is the server's (GET /api/score).
// Every word it shows is the page's own (#words: the labels in the page's
// language), and every request it sends asks for that language (?lang=).
(function () {
  "use strict";
  var lang = document.documentElement.lang || "en";
  var word = window.archonWords("words");  // words.js: the page's label with its {fields} filled in
  function inLanguage(url) {
    return url + (url.indexOf("?") === -1 ? "?" : "&") + "lang=" + encodeURIComponent(lang);
  }
  function statusWord(status) {
    var said = word(status === "invalid" ? "invalid_status" : status);
    return said === "invalid_status" ? status : said;
  }
  var fragment = document.body.dataset.fragment;
  var live = function () { return document.getElementById("live"); };
  var key = live() ? live().dataset.key : "";

  // -- live updates -------------------------------------------------------
  function typed() {  // inputs the organizer typed into and has not sent
    var kept = {};
    live().querySelectorAll("input[id]").forEach(function (el) {
      if (el.type === "checkbox") { if (el.checked !== el.defaultChecked) kept[el.id] = el.checked; }
      else if (el.type !== "hidden" && el.value !== el.defaultValue) kept[el.id] = el.value;
    });
    return kept;
  }
  function swap(html, forget) {
    var kept = typed(), focus = document.activeElement && document.activeElement.id;
    (forget || []).forEach(function (id) { delete kept[id]; });
    var box = document.createElement("div");
    box.innerHTML = html;
    var fresh = box.querySelector("#live");
    if (!fresh) return;
    var open = {};
    live().querySelectorAll("details[id]").forEach(function (d) { open[d.id] = d.open; });
    live().replaceWith(fresh);
    place();
    Object.keys(open).forEach(function (id) { var d = document.getElementById(id); if (d) d.open = open[id]; });
    Object.keys(kept).forEach(function (id) {
      var el = document.getElementById(id);
      if (!el) return;
      if (el.type === "checkbox") el.checked = kept[id]; else el.value = kept[id];
    });
    key = fresh.dataset.key;
    wire();
    Object.keys(kept).forEach(function (id) {
      var el = document.getElementById(id);
      if (el && el.classList.contains("vp")) verdict(el.form);
    });
    var f = focus && document.getElementById(focus);
    if (f) f.focus();
    document.dispatchEvent(new CustomEvent("archon:updated", { detail: { key: key } }));
  }
  // Refreshes run one after another, and the page says one is under way
  // (data-refreshing): a click never lands on a part that is being replaced.
  var pending = Promise.resolve(), inFlight = 0;
  function refresh(forget) {
    inFlight++;
    document.body.dataset.refreshing = "1";
    pending = pending.then(function () {
      return fetch(inLanguage(fragment), { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) { if (html) swap(html, forget); });
    }).catch(function () {}).then(function () {
      if (--inFlight === 0) delete document.body.dataset.refreshing;
    });
    return pending;
  }
  // The players' page's stream brings the new live part itself ("page":
  // the same bytes for every phone, no second request); the organizer's
  // says the new key ("state") and the page fetches its part.
  var pushed = fragment === "/fragment/players" ? "players" : "";
  if (window.EventSource && fragment) {
    var es = new EventSource(pushed ? "/api/events?page=" + pushed + "&lang=" + encodeURIComponent(lang)
      + "&key=" + encodeURIComponent(key) : "/api/events");
    es.addEventListener("state", function (e) {
      var k = JSON.parse(e.data).key;
      if (k !== key) refresh();
    });
    es.addEventListener("page", function (e) {
      if (e.lastEventId === key) return;
      pending = pending.then(function () { if (e.lastEventId !== key) swap(e.data); }).catch(function () {});
    });
  }

  // -- finding a name (players' page) and searching the roster -------------
  function plain(text) {  // 'Gómez' is found by 'gomez', typed on any phone
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function filter(input, rows, none) {
    var q = plain((input.value || "").trim()), shown = 0;
    rows.forEach(function (row) {
      var name = plain(row.dataset.name);
      var hit = q !== "" && name.indexOf(q) !== -1;
      if (row.tagName === "TR") hit = q === "" || name.indexOf(q) !== -1;
      row.hidden = !hit;
      if (hit) shown++;
    });
    if (none) none.hidden = q === "" || shown > 0;
  }
  function wireSearch() {
    var find = document.getElementById("find");
    if (find) filter(find, live().querySelectorAll("#seats li"), document.getElementById("nomatch"));
    var search = document.getElementById("roster-search");
    if (search) filter(search, live().querySelectorAll("#roster tr[data-name]"));
  }
  document.addEventListener("input", function (e) {
    if (e.target.id === "find" || e.target.id === "roster-search") wireSearch();
  });

  // -- a table's verdict as typed ----------------------------------------
  var timers = new WeakMap();
  function vps(form) {
    return Array.prototype.map.call(form.querySelectorAll("input.vp"), function (i) { return i.value.trim(); });
  }
  function buttonState(form) {
    var button = form.querySelector("button[type=submit]");
    var status = form.dataset.status || "";
    var reason = (form.querySelector(".override") || {}).value || "";
    var replace = form.querySelector("input[name=replace]");
    var ok = status === "complete" || (reason.trim() !== "" && status !== "");
    var why = ok ? "" : (status === "invalid" ? word("no_game_ends_so") : word("type_every_vp"));
    if (ok && form.dataset.finished === "1" && replace && !replace.checked) {
      ok = false; why = word("has_result");
    }
    if (live().dataset.off) { ok = false; why = live().dataset.off; }
    button.disabled = !ok;
    button.title = why;
    button.textContent = reason.trim() !== "" && status !== "complete" ? word("record_as_judge") : word("record");
    // its name says which table; why it is off is said in text beside it
    button.setAttribute("aria-label", word("named", { action: button.textContent, whom: form.dataset.whom || "" }));
    var said = form.querySelector(".why");
    if (said && said.textContent !== why) said.textContent = why;
  }
  function verdict(form) {
    var values = vps(form);
    // ';' between the VPs: a VP may be typed with a decimal comma (2,5)
    fetch(inLanguage("/api/score?vps=" + encodeURIComponent(values.join(";"))), { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (d) {
        var p = form.querySelector(".verdict");
        var status = d.status || "invalid", reason = d.reason || "";
        form.dataset.status = status;
        p.className = "verdict s-" + status;
        p.dataset.status = status;
        p.textContent = d.error ? word("invalid", { error: d.error })
          : status === "complete" ? word("legal")
          : word("status_reason", { status: statusWord(status), reason: reason });
        buttonState(form);
      });
  }
  document.addEventListener("input", function (e) {
    var form = e.target.form;
    if (!form || !form.classList.contains("result")) return;
    if (e.target.classList.contains("vp")) {
      clearTimeout(timers.get(form));
      timers.set(form, setTimeout(function () { verdict(form); }, 80));
    } else buttonState(form);
  });
  document.addEventListener("change", function (e) {
    var form = e.target.form;
    if (form && form.classList.contains("result")) buttonState(form);
  });

  // -- writes: forms sent as JSON ----------------------------------------
  // The answer (#log) takes its own place in the page, right under the form
  // sent (under its row, in the roster): it covers nothing, and the fields
  // it may ask for (a judge's reason) stay where they were. It follows its
  // form when the page shows the new state; when the form is gone (the toss
  // done), it stands at the top of the form's section.
  var log = document.getElementById("log"), spot = null;
  function anchorOf(form) {
    var row = form.closest("tr[id]"), section = form.closest("section[id]");
    return { id: row ? row.id : form.id, section: section && section.id };
  }
  function place() {
    if (!log || !spot) return;
    var held = log.closest("tr.log-row");
    var at = spot.id && document.getElementById(spot.id);
    if (at && at.tagName === "TR") {
      var row = document.createElement("tr"), cell = document.createElement("td");
      row.className = "log-row";
      cell.colSpan = at.cells.length;
      cell.appendChild(log);
      row.appendChild(cell);
      at.after(row);
    } else if (at) at.after(log);
    else {
      var section = spot.section && document.getElementById(spot.section);
      if (section) section.querySelector("h2").after(log);
    }
    if (held && held !== log.closest("tr.log-row")) held.remove();
  }
  function say(lines, error) {
    if (!log) return;
    var p = document.createElement("p");
    p.textContent = lines;
    if (error) p.className = "error";
    log.replaceChildren(p);
  }
  function body(form) {
    var out = { version: live().dataset.version };
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name) return;
      if (el.type === "checkbox") { out[el.name] = el.checked; return; }
      var kind = el.dataset.kind, v = el.value.trim();
      if (kind === "list") { (out[el.name] = out[el.name] || []).push(v); return; }
      if (kind === "bool") { out[el.name] = v === "true"; return; }
      if (kind === "text") { out[el.name] = v; return; }  // sent blank too: a blank clears it
      if (v !== "") out[el.name] = v;
    });
    if (out.seating) out.seating = out.seating.filter(function (v) { return v !== ""; });
    return out;
  }
  // A refusal that "force" overrides ("force": true in the answer, e.g. seating
  // round 1 again once round 2 is seated): the form's data-force asks, under
  // the refusal's own words (what it would clear), and the form is sent again.
  // A form with data-preview (a seat edit, a drop, a DQ, the toss, undo) is
  // sent first as a dry run: its answer (what would change, in words: the new
  // score, the player's flag, the draw, the version put back) is shown and
  // asked about, and sent again to write only once the organizer says yes;
  // Cancel writes nothing.
  // A dry run that draws (the toss's fair draw, a round seated again) answers
  // "again": the seed it drew, sent with the write, so that OK writes the very
  // draw or seating the question showed.
  // A form with data-force-preview (the seating: a round seated again) meets
  // a refusal that "force" overrides with a dry run, forced: the refusal's
  // words, then what the new seating would be (the tables it changes, its
  // score), then its question; OK writes that seating, Cancel nothing.
  // A form with data-confirm asks its words first, and nothing is sent on Cancel.
  function send(form, force, confirmed, again, refusal) {
    if (form.dataset.confirm && !confirmed && !window.confirm(form.dataset.confirm)) return Promise.resolve();
    var ids = Array.prototype.map.call(form.querySelectorAll("input[id]"), function (i) { return i.id; });
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    document.body.dataset.busy = "1";  // until the page shows the new state
    spot = anchorOf(form);
    place();
    say(word("working"));
    var sent = body(form);
    if (force) sent.force = true;
    if (again) Object.keys(again).forEach(function (k) { sent[k] = again[k]; });
    var question = force && form.dataset.forcePreview ? form.dataset.forcePreview : form.dataset.preview;
    var preview = !!question && !confirmed;
    if (preview) sent.dry_run = true;  // the write itself sends none: undo names it as sent
    return fetch(inLanguage(form.dataset.action), {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(sent)
    }).then(function (r) {
      return r.json().then(function (d) { return { status: r.status, d: d }; });
    }).then(function (res) {
      // what the console answered, for the page's other scripts (judges.js: a conflict's other result)
      document.dispatchEvent(new CustomEvent("archon:answer", { detail: { form: form.id, answer: res.d } }));
      if (res.d.ok && preview) {
        var shown = res.d.lines.join("\n");
        say(shown);
        var asked = (refusal ? refusal + "\n\n" : "") + shown + "\n\n" + question;
        if (window.confirm(asked)) return send(form, force, true, res.d.again);
        if (refusal) say(refusal, true);  // Cancel: not done, and why
        return refresh([]);  // nothing written: what was typed stays
      }
      if (res.d.ok) {
        say(res.d.lines.join("\n"));
        var next = form.classList.contains("result") ? nextTable(form) : null;
        return refresh(ids).then(function () { if (next) focusTable(next); });
      }
      if (res.d.force && !force && form.dataset.forcePreview) return send(form, true, false, null, res.d.error);
      if (res.d.force && !force && form.dataset.force && window.confirm(res.d.error + "\n\n" + form.dataset.force)) {
        return send(form, true, true);  // the refusal's words said what it changes: asked once
      }
      say(res.d.error || word("refused", { status: res.status }), true);
      return refresh(res.d.reload ? ids : []);
    }).catch(function (err) { say(word("no_answer", { error: err }), true); return refresh(); })
      .then(function () { delete document.body.dataset.busy; });
  }
  // After a table's result, the keyboard goes on to the next table waiting
  // for one (or the next table): its first VP field, not the page's top.
  function nextTable(form) {
    var forms = Array.prototype.slice.call(live().querySelectorAll("form.result[id]"));
    var after = forms.slice(forms.indexOf(form) + 1);
    var waiting = after.filter(function (f) { return f.dataset.finished !== "1"; })[0];
    return (waiting || after[0] || {}).id || null;
  }
  function focusTable(id) {
    var form = document.getElementById(id);
    var field = form && form.querySelector("input.vp");
    if (!field) return;
    var round = form.closest("details");
    if (round) round.open = true;
    field.focus();
  }
  // The skip link: the keyboard goes to the tables (the current round's
  // first table waiting for its result, else the section).
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a.skip");
    if (!link || !live()) return;
    e.preventDefault();
    var first = live().querySelector("details.round[open] form.result[data-finished='0'] input.vp");
    var section = document.getElementById("seating");
    if (first) first.focus(); else if (section) section.focus();
  });
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.dataset.action) return;
    e.preventDefault();
    send(form, false);
  });

  // -- after every (re)load ------------------------------------------------
  function wire() {
    wireSearch();
    var off = live() && live().dataset.off;
    document.querySelectorAll("#live button.write").forEach(function (b) {
      if (off) { b.disabled = true; b.title = off; }
    });
    document.querySelectorAll("#live form.result").forEach(function (form) {
      form.dataset.status = form.querySelector(".verdict").dataset.status || "pending";
      buttonState(form);
    });
  }
  if (live()) wire();
})();
