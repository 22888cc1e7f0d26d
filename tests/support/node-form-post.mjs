// Posts forms with Node's own fetch (undici), which writes the whole body before reading the answer: the client
// that got EPIPE instead of a refusal (issue 42). Reads a JSON list of { method, url, headers, bytes } on stdin and
// prints, for each, { status, message } or { error } — JSON on stdout.
const requests = JSON.parse(await new Promise((resolve) => {
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk)).on("end", () => resolve(text));
}));
const results = [];
for (const { method, url, headers, bytes } of requests) {
  const form = new FormData();
  form.append("title", "from node");
  form.append("file", new Blob([new Uint8Array(bytes).fill(120)], { type: "image/jpeg" }), "photo.jpg");
  try {
    const response = await fetch(url, { method, headers, body: form });
    const body = await response.json();
    results.push({ status: response.status, message: body.message });
  } catch (error) {
    results.push({ error: String(error.cause?.code ?? error.cause ?? error) });
  }
}
console.log(JSON.stringify(results));
