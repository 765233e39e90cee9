// The one WebSocket to /ws (docs/PROTOCOL.md section 2): reconnects by itself, resumes
// each table from its last version, re-subscribes what the open page needs.

const PROTOCOL_VERSION = 1;

class Connection {
  constructor() {
    this.ws = null;
    this.handlers = new Map();      // type -> Set(fn)
    this.statusHandlers = new Set();
    this.lastVersions = {};         // table id -> last version seen
    this.observed = new Set();      // tables the open page watches
    this.lobby = false;
    this.queue = [];
    this.retry = 0;
    this.timer = null;
    this.pingTimer = null;
    this.status = "idle";
    this.clockOffset = 0;           // server now - local now, from welcome/pong
    this.refCounter = 0;
    this.closedByUs = false;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws`;
  }

  setStatus(status) {
    this.status = status;
    for (const fn of this.statusHandlers) fn(status);
  }

  onStatus(fn) {
    this.statusHandlers.add(fn);
    return () => this.statusHandlers.delete(fn);
  }

  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type).add(fn);
    return () => this.handlers.get(type).delete(fn);
  }

  connect() {
    if (this.ws && (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)) return;
    this.closedByUs = false;
    this.setStatus(this.retry ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.setStatus("open");
      ws.send(JSON.stringify({ type: "hello", v: PROTOCOL_VERSION, ref: "hello", last_versions: { ...this.lastVersions } }));
      if (this.lobby) this.rawSend({ type: "lobby_subscribe" });
      for (const table of this.observed) {
        if (!(table in this.lastVersions)) this.rawSend({ type: "observe", table });
      }
      const queued = this.queue.splice(0);
      for (const msg of queued) this.rawSend(msg);
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.rawSend({ type: "ping" }), 15000);
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;  // a socket we already replaced (e.g. after log in)
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      this.dispatch(msg);
    };
    ws.onclose = () => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closedByUs) { this.setStatus("closed"); return; }
      this.setStatus("reconnecting");
      const delay = Math.min(5000, 300 * 2 ** this.retry) + Math.random() * 200;
      this.retry += 1;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.connect(), delay);
    };
    ws.onerror = () => { /* onclose follows and schedules the retry */ };
  }

  /** Close and reopen (after log in / log out the cookie changed). */
  restart() {
    this.close();
    this.retry = 0;
    this.connect();
  }

  close() {
    this.closedByUs = true;
    clearTimeout(this.timer);
    if (this.ws) { try { this.ws.close(); } catch { /* already closed */ } }
    this.ws = null;
  }

  dispatch(msg) {
    if ((msg.type === "welcome" || msg.type === "pong") && typeof msg.now_ms === "number") {
      this.clockOffset = msg.now_ms - Date.now();
    }
    if ((msg.type === "table_view" || msg.type === "uth_view") && msg.table) {
      this.lastVersions[msg.table] = msg.version;
    }
    if (msg.type === "table_events" && msg.table) {
      const last = this.lastVersions[msg.table];
      if (last !== undefined && msg.from_version > last + 1 && !msg.view) {
        // We missed events and have no view: ask for a fresh one.
        this.rawSend({ type: "observe", table: msg.table });
      }
      this.lastVersions[msg.table] = msg.version;
    }
    if (msg.type === "error" && msg.ref === "hello") {
      // The server could not resume from our versions: ask for full views instead.
      for (const table of this.observed) {
        delete this.lastVersions[table];
        this.rawSend({ type: "observe", table });
      }
      return;
    }
    for (const type of [msg.type, "*"]) {
      const set = this.handlers.get(type);
      if (set) for (const fn of Array.from(set)) {
        try { fn(msg); } catch (err) { console.error(err); }
      }
    }
  }

  rawSend(msg) {
    const full = { v: PROTOCOL_VERSION, ...msg };
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(full));
      return true;
    }
    return false;
  }

  /** Send now, or once the socket is open again. Returns the ref to match an error. */
  send(msg) {
    const ref = msg.ref || `r${++this.refCounter}`;
    const full = { ...msg, ref };
    if (!this.rawSend(full)) {
      this.queue.push(full);
      this.connect();
    }
    return ref;
  }

  observe(table) {
    this.observed.add(table);
    delete this.lastVersions[table];
    // When the socket is not open yet, onopen observes every table of `observed`.
    if (!this.rawSend({ type: "observe", table })) this.connect();
  }

  unobserve(table) {
    this.observed.delete(table);
    delete this.lastVersions[table];
    this.rawSend({ type: "unobserve", table });
  }

  subscribeLobby() {
    this.lobby = true;
    if (!this.rawSend({ type: "lobby_subscribe" })) this.connect();
  }

  unsubscribeLobby() {
    this.lobby = false;
    this.rawSend({ type: "lobby_unsubscribe" });
  }

  serverNow() {
    return Date.now() + this.clockOffset;
  }
}

export const conn = new Connection();
