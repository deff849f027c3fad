// The words of the console's scripts, shared by every page (base.html loads
// it before the others). A page carries its labels, in its language, as JSON
// in an element (#words, #clock-words, #pending-words, #own-words):
// archonWords(id) reads it once and gives word(key, fields), the label with
// its {fields} filled in (the key itself when the page has no such label);
// archonFill(text, fields) fills a label the page keeps elsewhere (data-*).
(function () {
  "use strict";
  function fill(text, fields) {
    Object.keys(fields || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(fields[k])); });
    return text;
  }
  function archonWords(id) {
    var el = document.getElementById(id), words = {};
    try { words = el ? JSON.parse(el.textContent) : {}; } catch (e) { words = {}; }
    return function word(key, fields) { return fill(words[key] || key, fields); };
  }
  window.archonFill = fill;
  window.archonWords = archonWords;
})();
