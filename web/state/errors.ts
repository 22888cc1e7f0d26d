import { atom } from "jotai";

export const loginMessageAtom = atom("");
export const registrationMessageAtom = atom("");
