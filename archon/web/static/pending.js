// The organizer's page, issue 25: the players' reports waiting for the
// organizer (GET /api/player-reports), each table with who sent what, an
// Accept button per report (POST /api/pending), and the switch "players
// may report". Read again after every change the page hears of.
(function () {
  "use strict";
  var lang = document.documentElement.lang || "en";
  var word = window.archonWords("pending-words");  // words.js: the page's label with its {fields} filled in
  var box = document.getElementById("player-reports-tables");
  if (!box) return;
  var answer = document.getElementById("player-reports-answer");
  var toggle = document.getElementById("reporting-on");
  function vpText(v) { return Number(v).toLocaleString(lang); }
  function element(tag, text, cls) {
    var el = document.createElement(tag);
    if (text !== undefined) el.textContent = text;
    if (cls) el.className = cls;
    return el;
  }
  function show(d) {
    toggle.checked = !!d.on;
    box.textContent = "";
    document.getElementById("player-reports-none").hidden = d.tables.length > 0;
    d.tables.forEach(function (t) {
      var div = element("div", undefined, "player-report " + t.state);
      div.id = "pr-r" + t.round + "t" + t.table;
      div.dataset.state = t.state;
      div.appendChild(element("h3", word("table", { round: t.round, table: t.table })));
      div.appendChild(element("p", word(t.state), "note"));
      var list = element("ul");
      t.reports.forEach(function (r) {
        var name = r.name || "#" + r.player;
        var li = element("li", word("report", { name: name, vps: r.vps.map(vpText).join(", ") }) + " ");
        var b = element("button", t.state === "conflict" ? word("accept_whose", { name: name }) : word("accept"));
        b.type = "button";
        b.addEventListener("click", function () {
          send({ accept: t.table, round: t.round, player: t.state === "conflict" ? r.player : null });
        });
        li.appendChild(b);
        list.appendChild(li);
      });
      div.appendChild(list);
      box.appendChild(div);
    });
  }
  function load() {
    return fetch("/api/player-reports?lang=" + encodeURIComponent(lang), { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) { if (d) show(d); })
      .catch(function () {});
  }
  function send(body) {
    answer.textContent = "";
    return fetch("/api/pending?lang=" + encodeURIComponent(lang), {
      method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify(body)
    }).then(function (r) { return r.json(); }).then(function (d) {
      answer.textContent = d.ok ? d.lines.join("\n") : d.error;
    }).catch(function () {}).then(load);
  }
  toggle.addEventListener("change", function () { send({ on: toggle.checked }); });
  document.addEventListener("archon:updated", load);
  load();
})();
