import { coordinatesOf } from "../lib/format";
import { Icon } from "./Icon";
import { t } from "../features/i18n/i18n";

/**
 * Where an item was sent from, as a link to the map (OpenStreetMap, in a new tab: nothing is loaded from it here).
 * Only for the item's owner and admins: the server never gives anyone else a location.
 */
export function PlaceLink({ location }: { location: string }) {
  const place = coordinatesOf(location);
  if (!place)
    return (
      <span dir="auto" className="break-words">
        {location}
      </span>
    );
  const href = `https://www.openstreetmap.org/?mlat=${place.lat}&mlon=${place.lon}#map=17/${place.lat}/${place.lon}`;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 break-all underline underline-offset-4">
      <Icon name="pin" className="size-4 shrink-0" />
      {location}
      <span className="sr-only"> {t("link.map_opens_new_tab")}</span>
    </a>
  );
}
