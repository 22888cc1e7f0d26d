import { atom } from "jotai";

/** Kept between the three reset screens. */
export const resetEmailAtom = atom("");
export const resetCodeAtom = atom("");
