// share.js: a link that carries a game's text, its option values and a
// position, in the URL's fragment (after '#', which the browser never
// sends to the server): "#g=" and the JSON {v: 1, name, text, options,
// position} compressed with the browser's CompressionStream
// ("deflate-raw") and written in base64url. Nothing is sent anywhere.
const PREFIX = "#g=";
const MAX_LINK_TEXT = 4 << 20; // a game's text is at most 1 MiB (diag.h)

// BYTES through the (de)compression STREAM; an error past LIMIT bytes
// out (a link's few kilobytes could inflate to gigabytes).
async function through(stream, bytes, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error("its game is too long");
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("it is not base64url");
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

// The link to BASE (the page's address, without its fragment) that
// carries GAME: {name, text, options, position}.
export async function shareLink(base, game) {
  const json = JSON.stringify({ v: 1, name: game.name, text: game.text, options: game.options, position: game.position });
  const packed = await through(new CompressionStream("deflate-raw"), new TextEncoder().encode(json));
  return `${base}${PREFIX}${toBase64url(packed)}`;
}

// The game a fragment HASH carries ({name, text, options, position}), null
// when it carries none, or an Error saying why it cannot be read.
export async function readShared(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  try {
    const bytes = fromBase64url(hash.slice(PREFIX.length));
    const stream = new DecompressionStream("deflate-raw");
    const json = new TextDecoder("utf-8", { fatal: true }).decode(await through(stream, bytes, MAX_LINK_TEXT));
    const g = JSON.parse(json);
    const str = (v) => typeof v === "string";
    if (!g || g.v !== 1 || !str(g.name) || !str(g.text) || !str(g.options) || !str(g.position))
      throw new Error("it does not hold a game's name, text, options and position");
    const name = g.name.replace(/[^\p{L}\p{N}_.' -]/gu, "").slice(0, 80) || "shared.game";
    return { name, text: g.text, options: g.options, position: g.position };
  } catch (e) {
    return new Error(`the link's game cannot be read: ${e.message || e}`);
  }
}
