// Fatekeeper: what a phone shows while its connection to the host is down.
//
// The app is drawn by the host over one websocket. While that socket is down the host can
// draw nothing, and Flet's web client only shows a light "Working..." page and holds every
// tap until it reconnects. This script (added to the page by companion/server.py) watches
// the app's websocket and, while it is down, covers the screen with the connection status
// ("Reconnecting" or "Offline") and the time of the last update; a tap there says that it
// was not sent instead of doing nothing.
//
// It also keeps the wait after a drop short. Flet's web client doubles its delay after
// every failed attempt when the host is not on localhost (0.5 s, 1 s, 2 s, ... without a
// limit), so after a long drop a phone could wait a minute or more after the network came
// back. Here one websocket handed to Flet keeps retrying underneath every quarter second (and at
// once when the browser says it is online again or the page becomes visible), and tells
// Flet only that it opened: Flet then resumes its session and the host redraws the table.
//
// A connection can also stall without closing (weak Wi-Fi: the socket stays open and nothing
// arrives). The websocket asks the host for beats (the "beat" query parameter): a tiny text
// frame whenever the host has sent nothing for a second (companion/server.py, Beats). Flet
// sends only binary frames, so a text frame is a beat: it is counted here and never passed
// to Flet (not a move, no redraw). Once the page has heard a beat, STALL_MS without
// any frame covers the screen with "Waiting for the host"; the next frame takes it away.
// A socket silent for RECONNECT_MS is given up (the path it took may be gone for good, as
// when a phone changes networks): Flet is told it closed and reconnects on a fresh one.
(function () {
  "use strict";
  var Native = window.WebSocket;
  if (!Native || window.fatekeeperConnection) {
    return;
  }
  var RETRY_MS = 250;
  var SHOW_AFTER_MS = 300;
  var STALL_MS = 4000; // silence that means a stall: the host sends at least every 1.5 s
  var RECONNECT_MS = 12000; // silence after which the socket is given up for a fresh one
  var state = "starting"; // starting | connected | waiting | reconnecting | offline
  var everOpen = false;
  var lastUpdate = null; // the last frame of the app itself (beats are not updates)
  var lastHeard = 0; // the last frame of any kind
  var hostBeats = false; // this page has heard the host beat: every later socket is watched
  var downSince = null;
  var current = null; // the app's websocket as Flet holds it

  function isApp(url) {
    return /\/ws(\?|$)/.test(String(url));
  }

  function withBeat(url) {
    var text = String(url);
    var hash = text.indexOf("#");
    var head = hash < 0 ? text : text.slice(0, hash);
    return head + (head.indexOf("?") < 0 ? "?" : "&") + "beat=1" + (hash < 0 ? "" : text.slice(hash));
  }

  function clock(ms) {
    var d = new Date(ms);
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return two(d.getHours()) + ":" + two(d.getMinutes()) + ":" + two(d.getSeconds());
  }

  // ----- the websocket handed to Flet -----------------------------------------------------

  function Resilient(url, protocols) {
    this._target = new EventTarget();
    this.url = String(url);
    this._protocols = protocols;
    this._binaryType = "blob";
    this._inner = null;
    this._closing = false;
    this._timer = null;
    this._beats = false; // watched: silence on this socket means a stall (the host beats)
    this.readyState = 0;
    this.protocol = "";
    this.extensions = "";
    this.onopen = this.onmessage = this.onerror = this.onclose = null;
    current = this;
    this._attempt();
  }
  Resilient.CONNECTING = 0;
  Resilient.OPEN = 1;
  Resilient.CLOSING = 2;
  Resilient.CLOSED = 3;
  Resilient.prototype.CONNECTING = 0;
  Resilient.prototype.OPEN = 1;
  Resilient.prototype.CLOSING = 2;
  Resilient.prototype.CLOSED = 3;
  Object.defineProperty(Resilient.prototype, "binaryType", {
    get: function () { return this._binaryType; },
    set: function (v) { this._binaryType = v; if (this._inner) { this._inner.binaryType = v; } },
  });
  Object.defineProperty(Resilient.prototype, "bufferedAmount", {
    get: function () { return this._inner ? this._inner.bufferedAmount : 0; },
  });
  Resilient.prototype.addEventListener = function (t, f, o) { this._target.addEventListener(t, f, o); };
  Resilient.prototype.removeEventListener = function (t, f, o) { this._target.removeEventListener(t, f, o); };
  Resilient.prototype.dispatchEvent = function (e) { return this._target.dispatchEvent(e); };
  Resilient.prototype._fire = function (event) {
    var handler = this["on" + event.type];
    this._target.dispatchEvent(event);
    if (typeof handler === "function") { handler.call(this, event); }
  };
  Resilient.prototype._attempt = function () {
    var self = this;
    this._timer = null;
    if (this._closing || this.readyState !== 0) { return; }
    var target = withBeat(this.url);
    var ws = this._protocols === undefined ? new Native(target) : new Native(target, this._protocols);
    ws.binaryType = this._binaryType;
    this._inner = ws;
    ws.onopen = function () {
      if (self._inner !== ws) { return; }
      lastHeard = Date.now();
      self._beats = hostBeats;
      self.readyState = 1;
      self.protocol = ws.protocol;
      self.extensions = ws.extensions;
      opened();
      self._fire(new Event("open"));
    };
    ws.onmessage = function (e) {
      if (self._inner !== ws) { return; }
      lastHeard = Date.now();
      if (typeof e.data === "string") {
        self._beats = hostBeats = true; // a beat: the connection flows; Flet never sees it
        heard();
        return;
      }
      lastUpdate = lastHeard;
      heard();
      self._fire(new MessageEvent("message", { data: e.data, origin: e.origin }));
    };
    ws.onerror = function () {
      if (self._inner === ws && self.readyState === 1) { self._fire(new Event("error")); }
    };
    ws.onclose = function (e) {
      if (self._inner !== ws) { return; }
      if (self.readyState === 0 && !self._closing) {
        // Never opened: the host is still out of reach. Try again soon, quietly.
        dropped();
        self._timer = setTimeout(function () { self._attempt(); }, RETRY_MS);
        return;
      }
      self.readyState = 3;
      if (!self._closing) { dropped(); }
      self._fire(new CloseEvent("close", { code: e.code, reason: e.reason, wasClean: e.wasClean }));
    };
  };
  // Give up an open socket that stays silent: to Flet it closed like a dropped network, and
  // Flet reconnects through a new one. The old socket is left to close in its own time.
  Resilient.prototype._abandon = function () {
    var ws = this._inner;
    if (!ws || this.readyState !== 1) { return; }
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    try { ws.close(); } catch (e) { /* already closing */ }
    this.readyState = 3;
    dropped();
    this._fire(new CloseEvent("close", { code: 1006, reason: "", wasClean: false }));
  };
  Resilient.prototype._retryNow = function () {
    if (this._timer !== null) {
      clearTimeout(this._timer);
      this._attempt();
    }
  };
  Resilient.prototype.send = function (data) {
    if (this.readyState !== 1) { throw new DOMException("The socket is not open.", "InvalidStateError"); }
    this._inner.send(data);
  };
  Resilient.prototype.close = function (code, reason) {
    this._closing = true;
    if (this._timer !== null) { clearTimeout(this._timer); this._timer = null; }
    if (this.readyState === 0 && this._inner && this._inner.readyState !== 1) {
      this.readyState = 3;
      try { this._inner.close(); } catch (e) { /* already closed */ }
      return;
    }
    this.readyState = 2;
    if (this._inner) { this._inner.close(code, reason); }
  };

  window.WebSocket = function (url, protocols) {
    if (!isApp(url)) {
      return protocols === undefined ? new Native(url) : new Native(url, protocols);
    }
    return new Resilient(url, protocols);
  };
  window.WebSocket.prototype = Native.prototype;
  window.WebSocket.CONNECTING = 0;
  window.WebSocket.OPEN = 1;
  window.WebSocket.CLOSING = 2;
  window.WebSocket.CLOSED = 3;

  function retryAll() {
    if (current !== null) { current._retryNow(); }
  }
  window.addEventListener("online", function () { render(); retryAll(); });
  window.addEventListener("offline", render);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { retryAll(); }
  });

  // ----- the status cover -------------------------------------------------------------------

  var cover = null;
  var title = null;
  var detail = null;
  var tapNote = null;

  function build() {
    if (cover || !document.body) { return; }
    cover = document.createElement("div");
    cover.id = "fk-connection";
    cover.setAttribute("role", "status");
    cover.setAttribute("aria-live", "polite");
    cover.style.cssText = [
      "position:fixed", "inset:0", "z-index:2147483647", "display:none",
      "flex-direction:column", "align-items:center", "justify-content:flex-start",
      "padding:72px 24px 24px", "box-sizing:border-box", "background:rgba(18,18,20,0.97)",
      "color:#e6e1e5", "font:16px/1.4 system-ui,-apple-system,Roboto,sans-serif",
      "text-align:center", "touch-action:none", "user-select:none",
    ].join(";");
    title = document.createElement("div");
    title.id = "fk-connection-state";
    title.style.cssText = "font-size:22px;font-weight:600;margin-bottom:8px";
    detail = document.createElement("div");
    detail.id = "fk-connection-detail";
    detail.style.cssText = "color:#cac4d0;max-width:340px";
    tapNote = document.createElement("div");
    tapNote.id = "fk-connection-tap";
    tapNote.style.cssText = "margin-top:24px;padding:12px 16px;border-radius:12px;" +
      "background:#8c1d18;color:#ffdad6;max-width:340px;display:none";
    cover.appendChild(title);
    cover.appendChild(detail);
    cover.appendChild(tapNote);
    // A tap while cut off reaches nothing: say so instead of letting it vanish.
    var refuse = function (e) {
      e.preventDefault();
      e.stopPropagation();
      tapNote.textContent = (state === "offline"
        ? "Not sent: this phone is offline."
        : state === "waiting"
          ? "Not sent: nothing is coming through from the host right now."
          : "Not sent: the host cannot be reached right now.") +
        " Nothing changed at the table. Tap again once the table is back.";
      tapNote.style.display = "block";
    };
    cover.addEventListener("pointerdown", refuse, true);
    cover.addEventListener("click", refuse, true);
    cover.addEventListener("touchstart", refuse, { capture: true, passive: false });
    document.body.appendChild(cover);
  }

  function render() {
    if (state === "reconnecting" || state === "offline") {
      state = navigator.onLine === false ? "offline" : "reconnecting";
    }
    build();
    if (!cover) { return; }
    cover.setAttribute("data-state", state);
    var down = state === "reconnecting" || state === "offline" || state === "waiting";
    var show = down && downSince !== null && Date.now() - downSince >= SHOW_AFTER_MS;
    if (!show) {
      cover.style.display = "none";
      tapNote.style.display = "none";
      return;
    }
    title.textContent = state === "offline" ? "\u25CF Offline"
      : state === "waiting" ? "\u25CF Waiting for the host\u2026" : "\u25CF Reconnecting\u2026";
    title.style.color = state === "offline" ? "#f2b8b5" : "#f9dc8c";
    var silent = Math.floor((Date.now() - lastHeard) / 1000);
    detail.textContent = (lastUpdate !== null ? "Last update " + clock(lastUpdate) + ". " : "") +
      (state === "offline"
        ? "This phone has no network. The table comes back by itself once it has."
        : state === "waiting"
          ? "Nothing has come through from the host for " + silent + " s: the network is " +
            "weak or busy. The table comes back by itself as soon as it flows again."
          : "Trying to reach the host. The table comes back by itself as soon as it answers.");
    cover.style.display = "flex";
  }

  function opened() {
    everOpen = true;
    state = "connected";
    downSince = null;
    render();
  }

  function dropped() {
    if (!everOpen) { return; } // the first load shows Flet's own loading screen
    if (downSince === null) {
      downSince = Date.now();
      setTimeout(render, SHOW_AFTER_MS + 20);
    }
    state = navigator.onLine === false ? "offline" : "reconnecting";
    render();
  }

  // The connection flows again after a stall: back to live at once.
  function heard() {
    if (state === "waiting") {
      state = "connected";
      downSince = null;
      render();
    }
  }

  // Silence on a socket that has been beating is a stall, though the socket is still open.
  function stalled() {
    return state === "connected" && current !== null && current.readyState === 1 &&
      current._beats && Date.now() - lastHeard > STALL_MS;
  }

  var TICK_MS = 500;
  var lastTick = Date.now();
  setInterval(function () {
    var now = Date.now();
    if (now - lastTick > 3 * TICK_MS) {
      // This page itself was asleep or busy (a locked phone, a long drawing): frames may
      // be waiting behind this tick. Give the connection two seconds to show it flows.
      lastHeard = Math.max(lastHeard, now - STALL_MS + 2000);
    }
    lastTick = now;
    if (stalled()) {
      state = "waiting";
      downSince = lastHeard;
    }
    if (state === "waiting" && now - lastHeard > RECONNECT_MS) {
      current._abandon();
    }
    if (downSince !== null) { render(); }
  }, TICK_MS);
  document.addEventListener("DOMContentLoaded", build);

  window.fatekeeperConnection = {
    state: function () { return state; },
    lastUpdate: function () { return lastUpdate; },
    lastHeard: function () { return lastHeard; },
    watched: function () { return current !== null && current._beats; },
  };
})();
