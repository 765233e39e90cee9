// Short sounds made with WebAudio (no sound files to load): a high note when it is your turn,
// a low one when your time bank starts. The header's switch mutes them (kept in this browser).
const KEY = "pokerroom.muted";
let audio = null;

export function muted() {
  try { return localStorage.getItem(KEY) === "1"; } catch { return false; }
}

export function setMuted(on) {
  try { localStorage.setItem(KEY, on ? "1" : "0"); } catch { /* private mode */ }
}

/** Play `kind` ("turn" or "bank") unless muted; silently nothing where audio is unavailable. */
export function play(kind) {
  if (muted()) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = kind === "bank" ? 330 : 880;
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.12, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
    osc.connect(gain).connect(audio.destination);
    osc.start(now);
    osc.stop(now + 0.32);
  } catch { /* no audio here */ }
}
