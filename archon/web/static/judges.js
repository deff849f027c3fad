// Several judges at once: when another judge recorded the same table first,
// the console refuses this page's result ("conflict" in the answer) and the
// page keeps the VPs its judge typed; this shows the result now recorded
// beside them (each seat's VP, and who recorded it), until this form's next
// write lands. Every word is the page's own (#words).
(function () {
  "use strict";
  var word = window.archonWords("words");  // words.js: the page's label with its {fields} filled in
  var others = {};  // form id -> the conflict the console answered
  function show() {
    Object.keys(others).forEach(function (id) {
      var form = document.getElementById(id), c = others[id];
      if (!form || form.querySelector(".other-result")) return;
      var vps = (c.vps || []).map(String);
      form.querySelectorAll("input.vp").forEach(function (input, k) {
        if (k >= vps.length) return;
        var small = document.createElement("small");
        small.className = "other-vp";
        small.textContent = vps[k];
        input.after(small);
      });
      var p = document.createElement("p");
      p.className = "other-result";
      p.id = id + "-other";
      p.setAttribute("role", "status");
      p.textContent = c.who ? word("recorded_by", { who: c.who, figures: vps.join(" / ") })
        : word("recorded_now", { figures: vps.join(" / ") });
      var verdict = form.querySelector(".verdict");
      (verdict || form.lastChild).before(p);
    });
  }
  document.addEventListener("archon:answer", function (e) {
    var d = e.detail.answer || {}, id = e.detail.form;
    if (!id) return;
    if (d.conflict && d.conflict.vps) others[id] = d.conflict;
    else if (d.ok) delete others[id];
  });
  document.addEventListener("archon:updated", show);
})();
