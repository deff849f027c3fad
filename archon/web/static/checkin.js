// Check-in (issue 25). On the players' page: the phone's check-in form
// (POST /api/checkin/phone), which shows the player's personal code once.
// On the organizer's page: the alerts of a player claimed twice
// (GET /api/checkin/alerts, kept with the event until "Dismiss" sends
// POST /api/checkin-alerts), looked at every few seconds and after each
// change. Every word is the page's own (the templates' data-* labels).
(function () {
  "use strict";
  var lang = document.documentElement.lang || "en";
  var fill = window.archonFill;  // words.js: a label with its {fields} filled in

  // -- the phone's check-in -------------------------------------------------
  var form = document.getElementById("phone-checkin-form");
  if (form) {
    var typed = new URLSearchParams(window.location.search).get("checkin");
    if (typed) form.elements.code.value = typed;
    var answer = document.getElementById("phone-checkin-answer");
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var button = form.querySelector("button");
      button.disabled = true;
      fetch("/api/checkin/phone?lang=" + encodeURIComponent(lang), {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: form.elements.name.value.trim(), code: form.elements.code.value.trim() })
      }).then(function (r) { return r.json(); }).then(function (d) {
        answer.replaceChildren();
        var p = document.createElement("p");
        if (!d.ok) {
          p.className = "error";
          p.textContent = d.error;
          answer.appendChild(p);
          button.disabled = false;
          return;
        }
        p.textContent = fill(answer.dataset.done, { name: d.player });
        var code = document.createElement("p");
        code.className = "personal-code";
        code.id = "personal-code";
        code.textContent = d.code;
        var keep = document.createElement("p");
        keep.className = "note";
        keep.textContent = answer.dataset.keep;
        answer.append(p, code, keep);
        form.hidden = true;
      }).catch(function (err) {
        answer.textContent = fill(answer.dataset.failed, { error: err });
        button.disabled = false;
      });
    });
  }

  // -- the organizer's alerts ----------------------------------------------
  if (!document.body.classList.contains("organizer")) return;
  var seen = [];
  function show() {
    var box = document.getElementById("checkin-alerts");
    if (!box) return;
    box.replaceChildren();
    seen.forEach(function (a) {
      var p = document.createElement("p");
      p.className = "banner error";
      var when = new Date(a.when);  // the phone's time, as this browser writes a time
      when = isNaN(when) ? a.when : when.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
      p.textContent = fill(box.dataset.said, { name: a.name, number: a.player, when: when }) + " ";
      var dismiss = document.createElement("button");  // kept with the event until dismissed
      dismiss.type = "button";
      dismiss.className = "dismiss-alert";
      dismiss.textContent = box.dataset.dismiss;
      dismiss.addEventListener("click", function () {
        dismiss.disabled = true;
        fetch("/api/checkin-alerts?lang=" + encodeURIComponent(lang), {
          method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
          body: JSON.stringify({ player: a.player })
        }).then(function () { look(); }).catch(function () { dismiss.disabled = false; });
      });
      p.appendChild(dismiss);
      box.appendChild(p);
    });
  }
  function look() {
    if (!document.getElementById("checkin-alerts")) return;
    fetch("/api/checkin/alerts", { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) { if (d) { seen = d.alerts; show(); } })
      .catch(function () {});
  }
  document.addEventListener("archon:updated", function () { show(); look(); });
  setInterval(look, 4000);
  look();
})();
