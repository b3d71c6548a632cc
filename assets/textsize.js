// Fatekeeper: the text size this device chose in Settings (100-200 %), applied before the
// app starts and whenever it changes. Flutter's web engine takes the page's root font size
// as the text scale (16 px = 100 %), so every screen's text grows and re-flows with it.
// At 100 % the browser's own default (the phone's accessibility setting) is left alone.
(function () {
  var KEY = "flutter.fk.text_scale";
  var applied = null;
  function chosen() {
    var value = null;
    try {
      value = Number(JSON.parse(window.localStorage.getItem(KEY)));
    } catch (e) {
      value = null;
    }
    return value >= 100 && value <= 200 ? value : 100;
  }
  function apply() {
    var pct = chosen();
    if (pct === applied) return;
    applied = pct;
    document.documentElement.style.fontSize = pct === 100 ? "" : (16 * pct) / 100 + "px";
  }
  apply();
  window.setInterval(apply, 400);
})();
