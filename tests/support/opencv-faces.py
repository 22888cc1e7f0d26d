#!/usr/bin/python3
"""An independent check of redaction for tests: OpenCV's own face detector (Debian python3-opencv, opencv-data cascades).

  opencv-faces.py faces [--sensitive] IMAGE...          -> [{"width", "height", "faces": [[x, y, w, h], ...]}, ...]
  opencv-faces.py diff ORIGINAL COPY X Y W H            -> {"mean": mean absolute difference 0-255 inside the box}
  opencv-faces.py sound WAV                             -> {"f0", "centroid" (Hz), "rms", "peak" (0-1)} of a mono s16 WAV

Boxes are pixels. Frames of a video are extracted to images by the caller (ffmpeg, which applies the rotation).
"""
import json
import sys

import cv2
import numpy as np

CASCADES = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_%s.xml"
# The three frontal cascades together: what one misses another may find. "Sensitive" looks harder (finer scale
# steps, fewer confirming neighbours): used where finding nothing is the claim, so the claim is as strong as it can be.
NAMES = ["default", "alt", "alt2"]


def faces(path, sensitive):
    image = cv2.imread(path)
    if image is None:
        raise SystemExit("cannot read " + path)
    gray = cv2.equalizeHist(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)) if sensitive else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    found = []
    for name in NAMES:
        cascade = cv2.CascadeClassifier(CASCADES % name)
        scale, neighbours = (1.05, 3) if sensitive else (1.1, 5)
        for x, y, w, h in cascade.detectMultiScale(gray, scale, neighbours, minSize=(20, 20)):
            found.append([int(x), int(y), int(w), int(h)])
    return {"height": int(image.shape[0]), "width": int(image.shape[1]), "faces": found}


def diff(original, copy, x, y, w, h):
    a = cv2.imread(original).astype(np.int16)
    b = cv2.imread(copy).astype(np.int16)
    if a.shape != b.shape:
        raise SystemExit("sizes differ: %s %s" % (a.shape, b.shape))
    return {"mean": float(np.abs(a[y:y + h, x:x + w] - b[y:y + h, x:x + w]).mean())}


def sound(path):
    import wave
    with wave.open(path) as w:
        rate = w.getframerate()
        samples = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.float64) / 32768
    rms = float(np.sqrt((samples ** 2).mean())) if len(samples) else 0.0
    peak = float(np.abs(samples).max()) if len(samples) else 0.0
    if rms < 1e-4:
        return {"f0": 0.0, "centroid": 0.0, "rms": rms, "peak": peak}
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples))))
    freqs = np.fft.rfftfreq(len(samples), 1 / rate)
    centroid = float((spectrum * freqs).sum() / spectrum.sum())
    # The fundamental: the strongest autocorrelation lag between 2.5 ms and 20 ms (400 Hz down to 50 Hz).
    window = samples[: rate]
    corr = np.correlate(window, window, "full")[len(window) - 1:]
    low, high = int(rate / 400), int(rate / 50)
    lag = low + int(np.argmax(corr[low:high]))
    return {"f0": float(rate / lag), "centroid": centroid, "rms": rms, "peak": peak}


def main(argv):
    if argv[0] == "faces":
        sensitive = "--sensitive" in argv
        print(json.dumps([faces(p, sensitive) for p in argv[1:] if p != "--sensitive"]))
    elif argv[0] == "diff":
        print(json.dumps(diff(argv[1], argv[2], *map(int, argv[3:7]))))
    elif argv[0] == "sound":
        print(json.dumps(sound(argv[1])))
    else:
        raise SystemExit(__doc__)


main(sys.argv[1:])
