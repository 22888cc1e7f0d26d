export const PREFER_NOT_TO_SAY = "Prefer not to say";

export const PRONOUN_OPTIONS = [
  { value: "", label: PREFER_NOT_TO_SAY },
  { value: "He/Him", label: "He/Him" },
  { value: "She/Her", label: "She/Her" },
  { value: "They/Them", label: "They/Them" },
  { value: "Other", label: "Other" },
];
