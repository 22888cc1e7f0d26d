import { useState } from "react";
import { Icon } from "../ui/Icon";
import { Button } from "./ui";

/** Optional location: asked from the browser only when the participant presses the button. */
export function LocationField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [status, setStatus] = useState("");
  function locate() {
    if (!navigator.geolocation) return setStatus("This browser cannot share a location.");
    setStatus("Finding your location…");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        onChange(`${position.coords.latitude.toFixed(5)}, ${position.coords.longitude.toFixed(5)}`);
        setStatus("");
      },
      (error) => {
        console.error("Location unavailable", error);
        setStatus("Location not added (permission denied or unavailable).");
      },
      { enableHighAccuracy: true, timeout: 15000 },
    );
  }
  return (
    <div>
      <p className="text-sm font-semibold text-gray-800">Location (optional)</p>
      {value ? (
        <div className="mt-1 flex items-center gap-3">
          <span className="font-mono text-sm">{value}</span>
          <Button variant="link" onClick={() => onChange("")}>
            Remove location
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={locate} className="mt-1">
          <Icon name="pin" className="size-5" />
          Add my location
        </Button>
      )}
      <p aria-live="polite" className="mt-1 text-sm text-gray-700">
        {status}
      </p>
    </div>
  );
}
