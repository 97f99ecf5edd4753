import { describe, expect, it } from 'vitest';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { PLACES, findPlace, nearestPlace } from '#features/listings/places.ts';
import {
  choiceInWords,
  choiceOfFields,
  fieldsOfChoice,
  pickedPlace,
  placedAt,
  placesMatching,
  romaniseAmharic,
  soundKey,
} from './place-choice.ts';

const names = (typed: string, locale: 'en' | 'am' = 'en') => inLocale(locale, () => placesMatching(typed).map((p) => p.name));
const place = (name: string) => findPlace(name)!;

describe('the neighbourhood picker', () => {
  it('offers every place, in the list order, before anything is typed', () => {
    expect(names('')).toEqual(PLACES.map((p) => p.name));
    expect(names('  ')).toEqual(PLACES.map((p) => p.name));
  });

  it('matches the English name, any case, any part of a word', () => {
    expect(names('bole')).toEqual(['Bole Medhanialem']);
    expect(names('KATO')).toEqual(['Merkato']);
    expect(names('mall')).toEqual(['Edna Mall']);
    expect(names('22')).toEqual(['22 Mazoria']);
  });

  it('matches the Amharic name, whichever same-sound letter he types', () => {
    expect(names('ቦሌ', 'am')).toEqual(['Bole Medhanialem']);
    expect(names('መርካቶ', 'am')).toEqual(['Merkato']);
    // ሃ and አ for ኃ and ዓ, as most people type them.
    expect(names('መድሃኔአለም', 'am')).toEqual(['Bole Medhanialem']);
    // In English the Amharic names are not there, but an Amharic word still matches by its sound.
    expect(names('ፒያሳ', 'en')).toEqual(['Piassa']);
  });

  it('matches Amharic typed in Latin letters, by its sound', () => {
    expect(names('piyasa', 'am')).toEqual(['Piassa']);
    expect(names('medhane alem', 'am')).toEqual(['Bole Medhanialem']);
    expect(names('edna mol', 'am')).toEqual(['Edna Mall']);
    expect(names('mazorya', 'am')).toEqual(['22 Mazoria']);
    expect(names('meksiko', 'am')).toEqual(['Mexico Square']);
  });

  it('needs every typed word, and puts names that start with the first word first', () => {
    expect(names('bole mall')).toEqual([]);
    expect(names('xyzzy')).toEqual([]);
    // "ar" starts Arat Kilo's first word and is inside Square, Sarbet and Saris.
    expect(names('ar')).toEqual(['Arat Kilo', 'Mexico Square', 'Sarbet', 'Saris']);
    expect(names('me')).toEqual(['Bole Medhanialem', 'Merkato', 'Mexico Square', 'Megenagna']);
  });

  it('does not match a short Latin word by sound alone', () => {
    // "ck" sounds as "k", in Merkato, Kazanchis, Mexico and CMC, but no name is spelled with it.
    expect(names('ck')).toEqual([]);
    expect(names('merck')).toEqual(['Merkato']);
  });
});

describe('romanising and sounds', () => {
  it('writes Amharic in Latin letters syllable by syllable', () => {
    expect(romaniseAmharic('ፒያሳ')).toBe('piyasa');
    expect(romaniseAmharic('መርካቶ')).toBe('merkato');
    expect(romaniseAmharic('22 ማዞሪያ')).toBe('22 mazoriya');
  });

  it('folds the ways a sound is typed to one key', () => {
    expect(soundKey('Piassa')).toBe(soundKey('piasa'));
    expect(soundKey('Megenagna')).toBe(soundKey(romaniseAmharic('መገናኛ')));
    expect(soundKey('Kazanchis')).toBe(soundKey('qazanchis'));
  });
});

describe('the nearest place', () => {
  it('is the listed place closest to a position', () => {
    expect(nearestPlace(8.997, 38.787).name).toBe('Bole Medhanialem');
    expect(nearestPlace(8.9984, 38.7893).name).toBe('Edna Mall');
    expect(nearestPlace(9.03, 38.738).name).toBe('Merkato');
    expect(nearestPlace(8.95, 38.76).name).toBe('Saris');
  });
});

describe('a choice and the form fields', () => {
  it('a picked neighbourhood fills its coordinates and, when empty, the location with its name', () => {
    const choice = pickedPlace(place('Edna Mall'));
    expect(fieldsOfChoice(choice, '')).toEqual({ latitude: 8.9984, longitude: 38.7893, location: 'Edna Mall' });
    expect(fieldsOfChoice(choice, '   ')).toEqual({ latitude: 8.9984, longitude: 38.7893, location: 'Edna Mall' });
    expect(fieldsOfChoice(choice, 'Ground floor, shop 12')).toEqual({ latitude: 8.9984, longitude: 38.7893 });
  });

  it('a pin or a position fills its own coordinates and never the location', () => {
    const pinned = placedAt('pinned', 9.0105, 38.7613);
    expect(pinned.place.name).toBe('Kazanchis');
    expect(fieldsOfChoice(pinned, '')).toEqual({ latitude: 9.0105, longitude: 38.7613 });
    expect(fieldsOfChoice(placedAt('located', 8.96, 38.71), '')).toEqual({ latitude: 8.96, longitude: 38.71 });
  });

  it('tells each way in words, in both languages', () => {
    expect(inLocale('en', () => choiceInWords(pickedPlace(place('Bole Medhanialem'))))).toBe('Near Bole Medhanialem');
    expect(inLocale('en', () => choiceInWords(placedAt('pinned', 8.9985, 38.7894)))).toBe('Pinned near Edna Mall');
    expect(inLocale('en', () => choiceInWords(placedAt('located', 9.0301, 38.7372)))).toBe('Your location: near Merkato');
    expect(inLocale('am', () => choiceInWords(pickedPlace(place('Bole Medhanialem'))))).toBe('ቦሌ መድኃኔዓለም አካባቢ');
    expect(inLocale('am', () => choiceInWords(placedAt('pinned', 8.9985, 38.7894)))).toBe('በካርታ ላይ የተጠቆመ፤ ኤድና ሞል አካባቢ');
  });

  it('reads what the form already holds back as a place', () => {
    expect(choiceOfFields('', '')).toBeNull();
    expect(choiceOfFields('8.998400', '')).toBeNull();
    expect(choiceOfFields('north', '38.7')).toBeNull();
    expect(choiceOfFields('8.998400', '38.789300')).toEqual(pickedPlace(place('Edna Mall')));
    expect(choiceOfFields('9.031000', '38.738000')).toMatchObject({ way: 'kept', place: place('Merkato'), latitude: 9.031 });
    expect(inLocale('en', () => choiceInWords(choiceOfFields('9.031000', '38.738000')!))).toBe('Near Merkato');
  });
});
