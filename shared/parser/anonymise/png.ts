import { encodePng } from '../content/png';

const GREY = 0xd9;

/** A valid PNG: 8-bit greyscale, every pixel light grey (what a picture of the paper becomes). */
export function greyPng(width: number, height: number): Uint8Array {
  const row = new Uint8Array(width).fill(GREY);
  return encodePng(width, height, 0, () => row);
}
