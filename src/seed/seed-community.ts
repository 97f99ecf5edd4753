/** The demo community: posts on the requests board and comments on listings. */

export const DEMO_REQUESTS: readonly { name: string; message: string }[] = [
  { name: 'Abel', message: 'Looking to buy a used laptop under 25,000 Birr near Bole. 0911 000 111' },
  { name: '', message: 'Selling a baby stroller in good condition, Gerji area.' },
  { name: 'Mahlet', message: 'Who has a discount on wedding photography in December?' },
  { name: 'Kidus', message: 'Need a plumber this weekend in Sarbet. Please message me.' },
  { name: '', message: 'Want to buy a second-hand fridge, 300 L or bigger.' },
  { name: 'Tsion', message: 'Selling my Habesha kemis, worn once. Size M.' },
  { name: 'Biniam', message: 'Any gym near Megenagna with a student discount?' },
  { name: 'Hiwot', message: 'Looking for a coworking desk in Kazanchis for 2 months.' },
  { name: '', message: 'Buying teff in bulk, 10 quintals. Saris or Merkato.' },
  { name: 'Ermias', message: 'Selling a PlayStation 4 with two controllers.' },
  { name: 'Sara', message: 'Who repairs iPhone screens near Piassa at a fair price?' },
  { name: 'Nati', message: 'Looking for a car rental with driver for a Lalibela trip.' },
];

export const DEMO_COMMENTS: readonly string[] = [
  'Great service, I bought from them last month.',
  'Is this still available?',
  'Beautiful quality, highly recommended!',
  'Do you deliver to CMC?',
];
