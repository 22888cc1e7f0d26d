import { expect, test } from "bun:test";
import { queueRow as row } from "./queueRow.testing";
import { activateEnglish } from "../i18n/english.testing";
import { connectionLost, queueSummary } from "./queueSummary";

activateEnglish();

test("a stall comes first, then offline, then what is sending", () => {
  expect(queueSummary([row("sending"), row("stalled")])).toBe(connectionLost());
  expect(queueSummary([row("offline", { kind: "note" }), row("offline")])).toBe("2 items waiting for the network");
  expect(queueSummary([row("sending", { sent: 3_000_000, total: 20_000_000, speed: 50_000, secondsLeft: 340 }), row("waiting")])).toBe(
    "Sending 2 items · 3 MB of 20 MB · 50 KB/s · about 6 min left",
  );
});

test("nothing moving: waiting, undecided, then all sent (intact only when every hash matched)", () => {
  expect(queueSummary([row("waiting")])).toBe("1 item waiting to send");
  expect(queueSummary([row("failed"), row("paused"), row("done")])).toBe("2 items not sent: tap to decide");
  // Above My Evidence's list a tap decides nothing: each kept item has its own Send again and Discard below.
  expect(queueSummary([row("failed"), row("paused"), row("done")], "list")).toBe("2 items not sent: send them again or discard them below");
  expect(queueSummary([row("paused")], "list")).toBe("1 item not sent: send it again or discard it below");
  expect(queueSummary([row("done", { intact: true }), row("done", { kind: "note" })])).toBe("All sent. Arrived intact.");
  expect(queueSummary([row("done", { kind: "note" })])).toBe("All sent.");
});

test("a sending item the server has confirmed nothing of for a while reads as a slow connection, not a speed", () => {
  const slow = row("sending", { sent: 1_000_000, total: 9_900_000, speed: 150_000, slow: true });
  expect(queueSummary([slow])).toBe("Sending 1 item · 1 MB of 9.9 MB · Slow connection");
});
