// Formatting shared by the record renderers.

import type { Place } from './vocabulary';

export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** "Berlin, Germany"; "San Francisco, California, United States" (a state equal to the city is left out). */
export function placeText(place: Place): string {
  return [place.city, place.state, place.country]
    .filter((part, i, all) => part !== '' && all.indexOf(part) === i)
    .join(', ');
}
