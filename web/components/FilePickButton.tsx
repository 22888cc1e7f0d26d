import { Icon, type IconName } from "../ui/Icon";

/** A big tappable choice that opens the file picker (or the camera, with `capture`). */
export function FilePickButton({
  label,
  description,
  accept,
  capture,
  onFiles,
  icon,
}: {
  label: string;
  description: string;
  accept: string;
  capture?: "environment" | "user";
  onFiles: (files: File[]) => void;
  icon: IconName;
}) {
  return (
    <label className="flex min-h-16 cursor-pointer items-center gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-300 hover:bg-gray-50 has-focus-visible:outline-2 has-focus-visible:outline-blue-700">
      <Icon name={icon} className="size-8 shrink-0 text-gray-800" />
      <span>
        <span className="block font-bold text-gray-900">{label}</span>
        <span className="block text-sm text-gray-700">{description}</span>
      </span>
      <input
        type="file"
        className="sr-only"
        accept={accept}
        capture={capture}
        multiple
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </label>
  );
}
