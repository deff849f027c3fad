// The players' page, issue 25: the player who found their name (the only
// name the search leaves, or the one they tap) sees their own tables,
// results and standing, and the form to report their table of the round
// with their personal code (or, for a finalist, the final: round "F"). Everything comes from #own-data, rendered once
// per version of the workbook for every phone; the words from #own-words.
(function () {
  "use strict";
  var lang = document.documentElement.lang || "en";
  var word = window.archonWords("own-words");  // words.js: the page's label with its {fields} filled in
  var chosen = null;
  function data() {
    var el = document.getElementById("own-data");
    try { return el ? JSON.parse(el.textContent) : null; } catch (e) { return null; }
  }
  function numberOf(li) { return Number(li.dataset.name.split(" ").pop()); }
  function onlyOne() {
    var shown = Array.prototype.filter.call(document.querySelectorAll("#seats li"), function (li) { return !li.hidden; });
    return shown.length === 1 ? numberOf(shown[0]) : null;
  }
  function cell(row, text, cls) {
    var td = document.createElement("td");
    td.textContent = text === null || text === undefined ? "" : String(text);
    if (cls) td.className = cls;
    row.appendChild(td);
  }
  function tablesOf(d, n) {  // [{round, table, seat, seats, done}] where player n sat
    var out = [];
    d.rounds.forEach(function (r) {
      r.tables.forEach(function (t) {
        t.seats.forEach(function (s, i) {
          if (s[0] === n) out.push({ round: r.round, table: t.table, seat: i + 1, seats: t.seats, done: t.done });
        });
      });
    });
    return out;
  }
  function showRounds(d, n, mine) {
    var body = document.querySelector("#own-rounds tbody");
    body.textContent = "";
    mine.forEach(function (m) {
      var row = document.createElement("tr"), own = m.seats[m.seat - 1];
      row.dataset.round = m.round;
      cell(row, m.round, "n"); cell(row, m.table, "n"); cell(row, m.seat, "n");
      cell(row, m.seats.filter(function (s) { return s[0] !== n; })
        .map(function (s) { return d.names[s[0]] || "#" + s[0]; }).join(", "));
      cell(row, own[1], "n"); if (d.game_wins) cell(row, m.done ? own[2] : "", "n"); cell(row, own[3], "n");
      body.appendChild(row);
    });
    document.querySelectorAll("#own-rounds .gw").forEach(function (th) { th.hidden = !d.game_wins; });
  }
  function finalOf(d, n) {  // the final, as a table of round "F", when player n sits at it and it has no result
    if (!d.final || d.final.done) return null;
    var seat = d.final.seats.indexOf(n);
    if (seat < 0) return null;
    return { round: "F", table: 1, seat: seat + 1, done: false,
             seats: d.final.seats.map(function (p) { return [p, "", 0, ""]; }) };
  }
  function showForm(d, n, mine) {
    var form = document.getElementById("report");
    var now = finalOf(d, n) || mine.filter(function (m) { return m.round === d.current && !m.done; })[0];
    if (!now || d.reporting === false) { form.hidden = true; return; }  // switched off: no form
    var at = now.round + ":" + now.table + ":" + now.seats.map(function (s) { return s[0]; }).join(",");
    form.hidden = false;
    if (form.dataset.at === at) return;  // the same table: what the player typed stays
    form.dataset.at = at;
    form.dataset.round = now.round;
    form.dataset.table = now.table;
    document.getElementById("report-title").textContent = now.round === "F" ? word("report_final")
      : word("report", { round: now.round, table: now.table });
    var seats = document.getElementById("report-seats");
    seats.textContent = "";
    now.seats.forEach(function (s, i) {
      var label = document.createElement("label"), input = document.createElement("input");
      input.id = "report-vp" + (i + 1);
      input.className = "vp";
      input.inputMode = "decimal";
      input.required = true;
      label.htmlFor = input.id;
      label.textContent = word("seat", { seat: i + 1, name: d.names[s[0]] || "#" + s[0] });
      seats.appendChild(label); seats.appendChild(input);
    });
    document.getElementById("report-answer").textContent = "";
  }
  function show() {
    var d = data(), own = document.getElementById("own");
    if (!own) return;
    var n = chosen !== null ? chosen : onlyOne();
    if (!d || n === null || !d.names[n]) { own.hidden = true; return; }
    own.hidden = false;
    document.getElementById("own-title").textContent = word("title", { name: d.names[n] });
    var st = d.standing[n] || [null, 0, "", ""];
    document.getElementById("own-standing").textContent = word("standing", {
      rank: st[0] === null ? "\u2014" : st[0], gw: st[1], vp: st[2], tp: st[3] });
    var mine = tablesOf(d, n);
    showRounds(d, n, mine);
    showForm(d, n, mine);
  }
  document.addEventListener("input", function (e) { if (e.target.id === "find") { chosen = null; show(); } });
  document.addEventListener("click", function (e) {
    var li = e.target.closest && e.target.closest("#seats li");
    if (li) { chosen = numberOf(li); show(); }
  });
  document.addEventListener("archon:updated", show);
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.id !== "report") return;
    e.preventDefault();
    var answer = document.getElementById("report-answer"), button = document.getElementById("report-send");
    var vps = Array.prototype.map.call(form.querySelectorAll("input.vp"), function (i) { return i.value.trim(); });
    answer.textContent = word("sending");
    delete answer.dataset.state;
    button.disabled = true;
    fetch("/api/player-report?lang=" + encodeURIComponent(lang), {
      method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ code: document.getElementById("report-code").value.trim(),
                             round: form.dataset.round === "F" ? "F" : Number(form.dataset.round),
                             table: Number(form.dataset.table), vps: vps })
    }).then(function (r) { return r.json(); }).then(function (d) {
      answer.textContent = d.ok ? d.said : d.error;
      answer.dataset.state = d.ok ? d.state : "refused";
    }).catch(function (err) {
      answer.textContent = word("no_answer", { error: err });
      answer.dataset.state = "refused";
    }).then(function () { button.disabled = false; });
  });
  show();
})();
