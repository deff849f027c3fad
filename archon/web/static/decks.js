// The deck lists (archon/web/decks.py): a file chosen is read into the text
// field beside it; the organizer's list is loaded and re-read after every
// change; the players' form sends the deck with the player's personal code.
(function () {
  "use strict";
  document.addEventListener("change", function (e) {
    var input = e.target;
    if (!input.dataset || !input.dataset.into || !input.files || !input.files[0]) return;
    var target = document.getElementById(input.dataset.into);
    var reader = new FileReader();
    reader.onload = function () { target.value = reader.result; };
    reader.readAsText(input.files[0]);
  });
  function load() {
    var list = document.getElementById("decks-list");
    if (!list) return;
    fetch(list.dataset.fragment + window.location.search, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (html) { if (html) list.innerHTML = html; });
  }
  document.addEventListener("archon:updated", load);
  document.addEventListener("DOMContentLoaded", load);
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.dataset || !form.dataset.submit) return;
    e.preventDefault();
    var said = form.querySelector("[aria-live]");
    var sent = { code: form.elements.code.value.trim(), text: form.elements.text.value };
    fetch(form.dataset.submit + window.location.search, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(sent)
    }).then(function (r) { return r.json(); })
      .then(function (d) { said.textContent = d.ok ? d.lines.join("\n") : d.error; said.className = d.ok ? "" : "error"; })
      .catch(function (err) { said.textContent = String(err); said.className = "error"; });
  });
})();
