/** Content of the demo catalogue: businesses of Addis Ababa and what they offer, by category. */

export interface DemoBusiness {
  company: string;
  seller: { firstName: string; lastName: string };
  neighbourhood: string;
  latitude: number;
  longitude: number;
}

/** Neighbourhoods with approximate coordinates; several sit within 2 km of Bole so nearby has content. */
export const DEMO_BUSINESSES: readonly DemoBusiness[] = [
  {
    company: 'Bole Fresh Market',
    seller: { firstName: 'Hana', lastName: 'Tesfaye' },
    neighbourhood: 'Bole Medhanialem, Addis Ababa',
    latitude: 8.9963,
    longitude: 38.7868,
  },
  {
    company: 'Edna Style House',
    seller: { firstName: 'Meron', lastName: 'Alemu' },
    neighbourhood: 'Edna Mall, Bole, Addis Ababa',
    latitude: 8.9984,
    longitude: 38.7893,
  },
  {
    company: 'Gotera Auto Care',
    seller: { firstName: 'Dawit', lastName: 'Bekele' },
    neighbourhood: 'Gotera, Addis Ababa',
    latitude: 8.9895,
    longitude: 38.7552,
  },
  {
    company: 'Haya Hulet Tech Hub',
    seller: { firstName: 'Samuel', lastName: 'Girma' },
    neighbourhood: '22 Mazoria, Addis Ababa',
    latitude: 9.0087,
    longitude: 38.7874,
  },
  {
    company: 'Atlas Home Interiors',
    seller: { firstName: 'Selam', lastName: 'Haile' },
    neighbourhood: 'Atlas, Bole, Addis Ababa',
    latitude: 8.9987,
    longitude: 38.7812,
  },
  {
    company: 'Kazanchis Business Center',
    seller: { firstName: 'Yonas', lastName: 'Mekonnen' },
    neighbourhood: 'Kazanchis, Addis Ababa',
    latitude: 9.0186,
    longitude: 38.7681,
  },
  {
    company: 'Piassa Jewellers',
    seller: { firstName: 'Tigist', lastName: 'Wolde' },
    neighbourhood: 'Piassa, Addis Ababa',
    latitude: 9.0335,
    longitude: 38.7502,
  },
  {
    company: 'Merkato Wholesale Traders',
    seller: { firstName: 'Abebe', lastName: 'Kebede' },
    neighbourhood: 'Merkato, Addis Ababa',
    latitude: 9.0301,
    longitude: 38.7372,
  },
  {
    company: 'Sarbet Wellness Clinic',
    seller: { firstName: 'Liya', lastName: 'Getachew' },
    neighbourhood: 'Sarbet, Addis Ababa',
    latitude: 8.9961,
    longitude: 38.7378,
  },
  {
    company: 'CMC Green Gardens',
    seller: { firstName: 'Bereket', lastName: 'Assefa' },
    neighbourhood: 'CMC, Addis Ababa',
    latitude: 9.0208,
    longitude: 38.8452,
  },
  {
    company: 'Megenagna Logistics',
    seller: { firstName: 'Kalkidan', lastName: 'Tadesse' },
    neighbourhood: 'Megenagna, Addis Ababa',
    latitude: 9.0203,
    longitude: 38.8002,
  },
  {
    company: 'Arat Kilo Books & Print',
    seller: { firstName: 'Mulugeta', lastName: 'Desta' },
    neighbourhood: 'Arat Kilo, Addis Ababa',
    latitude: 9.0331,
    longitude: 38.7629,
  },
  {
    company: 'Old Airport Event Hall',
    seller: { firstName: 'Rahel', lastName: 'Negash' },
    neighbourhood: 'Old Airport, Addis Ababa',
    latitude: 8.9878,
    longitude: 38.7497,
  },
  {
    company: 'Gerji Family Care',
    seller: { firstName: 'Eden', lastName: 'Yohannes' },
    neighbourhood: 'Gerji, Addis Ababa',
    latitude: 8.9993,
    longitude: 38.8148,
  },
  {
    company: 'Lideta Craft Collective',
    seller: { firstName: 'Fikru', lastName: 'Abera' },
    neighbourhood: 'Lideta, Addis Ababa',
    latitude: 9.0102,
    longitude: 38.7351,
  },
  {
    company: 'Ayat Pet & Garden',
    seller: { firstName: 'Saron', lastName: 'Mulatu' },
    neighbourhood: 'Ayat, Addis Ababa',
    latitude: 9.0301,
    longitude: 38.8803,
  },
  {
    company: 'Mexico Square Travel',
    seller: { firstName: 'Nahom', lastName: 'Fikre' },
    neighbourhood: 'Mexico, Addis Ababa',
    latitude: 9.0105,
    longitude: 38.7452,
  },
  {
    company: 'Saris Agro Supply',
    seller: { firstName: 'Genet', lastName: 'Ayele' },
    neighbourhood: 'Saris, Addis Ababa',
    latitude: 8.9502,
    longitude: 38.7598,
  },
  {
    company: 'Rwanda Street Studio',
    seller: { firstName: 'Yared', lastName: 'Tilahun' },
    neighbourhood: 'Rwanda Street, Bole, Addis Ababa',
    latitude: 8.9941,
    longitude: 38.7905,
  },
  {
    company: 'Jemo Kids Corner',
    seller: { firstName: 'Bethlehem', lastName: 'Shiferaw' },
    neighbourhood: 'Jemo, Addis Ababa',
    latitude: 8.9601,
    longitude: 38.7103,
  },
];

/** Product or service names per canonical category key (at least three each). */
export const DEMO_OFFERS: Readonly<Record<string, readonly string[]>> = {
  admin: ['Virtual Receptionist, Monthly', 'Bookkeeping Assistant Package', 'Data Entry for Small Shops'],
  architecture: ['Villa Floor Plan Design', 'Structural Survey Visit', 'G+2 Building Permit Drawings'],
  art: ['Hand-woven Mesob Basket', 'Ethiopian Icon Painting', 'Clay Jebena Set'],
  automotive: ['Full Engine Service', 'Brake Pad Replacement', 'Wheel Alignment and Balancing'],
  baby: ['Baby Stroller Deluxe', 'Organic Cotton Baby Set', 'Kids Car Seat'],
  books: ['Amharic Novels Bundle', 'Grade 12 Exam Prep Books', 'Children’s Picture Books'],
  carwash: ['Full Interior Detailing', 'Express Exterior Wash', 'Monthly Car Wash Pass'],
  cleaning: ['Deep Home Cleaning', 'Office Cleaning Contract', 'Sofa and Carpet Shampoo'],
  consultancy: ['Business Registration Help', 'Contract Review by a Lawyer', 'Tax Filing Consultation'],
  decor: ['Wedding Stage Decoration', 'Birthday Balloon Set-up', 'Corporate Event Styling'],
  design: ['Solid Wood Sofa Set', 'Kitchen Cabinet Design', 'Office Interior Makeover'],
  digital: ['Social Media Management', 'Telegram Channel Growth Plan', 'Google Maps Business Listing'],
  energy: ['Home Solar Panel Kit', 'Inverter and Battery Backup', 'Energy-saving LED Bundle'],
  elearning: ['Online English Course', 'Python Programming Bootcamp', 'Graphic Design Online Class'],
  gaming: ['PlayStation Gaming Hours', 'eFootball Tournament Entry', 'Gaming Headset'],
  funding: ['Equb Savings Group Setup', 'Startup Pitch Coaching', 'Small Business Loan Advice'],
  freight: ['Same-day Courier in Addis', 'Freight to Adama', 'Parcel Delivery to Bahir Dar'],
  fitness: ['Gym Membership, 3 Months', 'Personal Trainer Sessions', 'Yoga Classes Pass'],
  jewelry: ['Gold Necklace 18K', 'Silver Meskel Cross Pendant', 'Wedding Ring Pair'],
  insurances: ['Car Insurance Annual Plan', 'Health Insurance for Families', 'Shop Fire Insurance'],
  human: ['Recruitment of Sales Staff', 'Payroll Outsourcing', 'Staff Training Workshop'],
  security: ['Security Guard Service', 'CCTV Monitoring Contract', 'Event Security Team'],
  green: ['Reusable Shopping Bags', 'Bamboo Toothbrush Pack', 'Compost Starter Kit'],
  music: ['Krar Lessons for Beginners', 'Acoustic Guitar', 'Masinqo Handmade'],
  mental: ['Counselling Session', 'Stress Management Workshop', 'Couples Therapy Package'],
  medical: ['Blood Pressure Monitor', 'Full Medical Check-up', 'Pharmacy Vitamin Bundle'],
  marin: ['Lake Langano Boat Trip', 'Kayak Rental, Half Day', 'Life Jacket Set'],
  logistic: ['Moving Truck with Crew', 'Warehouse Storage, Monthly', 'E-commerce Delivery Plan'],
  land: ['Garden Design and Planting', 'Lawn Mowing Service', 'Tree Seedlings Pack'],
  pet: ['Dog Food 10 kg', 'Pet Grooming Session', 'Cat Vaccination Visit'],
  office: ['Coworking Desk, Monthly', 'Private Office for 4', 'Meeting Room by the Hour'],
  nursing: ['Home Nurse Visits', 'Elderly Day Care', 'Physiotherapy at Home'],
  nonprofit: ['School Supplies Donation Drive', 'Charity Dinner Ticket', 'Volunteer Day Package'],
  repair: ['Phone Screen Replacement', 'Laptop Repair and Cleaning', 'Plumbing Repair Visit'],
  rental: ['Car Rental with Driver', 'Event Chairs and Tents', 'Camera Rental, Weekend'],
  printing: ['Business Cards 500 pcs', 'Banner Printing', 'Book Printing and Binding'],
  podcasting: ['Podcast Studio Hour', 'Audio Editing Package', 'Voice-over Recording'],
  photography: ['Wedding Photography Package', 'Product Photo Shoot', 'Drone Video Coverage'],
  health: ['Hair Braiding and Styling', 'Natural Shea Skin Care Set', 'Perfume Gift Box'],
  software: ['Website for Small Business', 'Point-of-Sale App Setup', 'IT Support Contract'],
  stationary: ['Office Paper A4 Box', 'School Bag and Stationery Set', 'Printer Toner'],
  women: ['Habesha Kemis Dress', 'Leather Handbag', 'Netela Scarf Collection'],
  telecom: ['Fiber Internet Installation', 'Mobile Data Bundle Deal', 'Office Phone System'],
  waste: ['Household Waste Collection', 'Recycling Pickup Service', 'Septic Tank Emptying'],
  virtual: ['Zoom Webinar Hosting', 'Virtual Conference Package', 'Live Stream Set-up'],
  translation: ['Amharic–English Translation', 'Certified Document Translation', 'Afaan Oromo Classes'],
  toys: ['Wooden Toy Set', 'Board Games Collection', 'Remote Control Car'],
  appliances: ['Electric Injera Mitad', 'Refrigerator 300 L', 'Washing Machine 7 kg'],
  men: ['Men’s Leather Shoes', 'Tailored Suit', 'Casual Sneakers'],
  homes: ['2-Bedroom Apartment Rent', 'Condominium for Sale', 'Furnished Studio'],
  carbrands: ['Toyota Vitz 2015', 'Hyundai Tucson Service Deal', 'Suzuki Dzire Spare Parts'],
  foods: ['Ethiopian Coffee Beans 1 kg', 'Family Beyaynetu Platter', 'Fresh Bakery Box'],
  events: ['Wedding Venue Package', 'Traditional Music Band', 'Catering for 100 Guests'],
  entertainments: ['Cinema Tickets for Two', 'Comedy Night Entry', 'Bowling Evening'],
  travels: ['Lalibela Weekend Tour', 'Entoto Park Day Trip', 'Simien Mountains Trek'],
  agricultural: ['Improved Teff Seeds', 'Dairy Cow Feed', 'Drip Irrigation Kit'],
  sallons: ['Haircut and Beard Trim', 'Manicure and Pedicure', 'Bridal Make-up'],
  homesecurity: ['Smart Door Lock', 'Home Alarm System', 'Security Window Grills'],
  new: [
    'Samsung Galaxy A55 – just arrived',
    'New Season Coffee Harvest',
    'Fresh Stock of School Uniforms',
    'Imported Office Chairs',
    'New Arrival Kitchenware Set',
    'Solar Lanterns Shipment',
  ],
  holyday: [
    'Genna Holiday Gift Basket',
    'Timkat Traditional Clothes',
    'Meskel Family Feast Deal',
    'Easter Doro Wat Spice Pack',
    'New Year Flower Bouquets',
  ],
  upcomming: [
    'Black Friday Electronics Sale',
    'Back-to-school Bundle',
    'Ramadan Iftar Boxes',
    'Enkutatash Fashion Week',
    'Grand Opening Discounts',
    'Holiday Travel Early Bird',
  ],
};

export const DEMO_DESCRIPTIONS: readonly string[] = [
  'Quality you can trust from a verified local business. Message us on Telegram for the price and availability.',
  'Limited-time discount for our neighbours. Visit the shop or send us a message to book.',
  'Serving Addis Ababa for over five years. Delivery available in the city; ask for details on Telegram.',
  'Best value in the area, with friendly service and fast response. Contact us today.',
  'Trusted by hundreds of customers. Discount applies while the offer lasts.',
];

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

/** The demo shop's 17 products, prices in Birr (5,200 to 115,000). */
export const DEMO_SHOP_PRODUCTS: readonly {
  slug: string;
  name: string;
  description: string;
  priceBirr: number;
  specs: readonly string[];
}[] = [
  {
    slug: 'smartphone-a15',
    name: 'Smartphone A15',
    description: 'A reliable everyday phone with a large battery.',
    priceBirr: 18500,
    specs: ['6.5" display', '128 GB storage', '5000 mAh battery', 'Dual SIM'],
  },
  {
    slug: 'smartphone-pro-x',
    name: 'Smartphone Pro X',
    description: 'Flagship camera and performance.',
    priceBirr: 89000,
    specs: ['6.7" AMOLED', '256 GB storage', 'Triple camera', '5G'],
  },
  {
    slug: 'laptop-14',
    name: 'Laptop 14" Student',
    description: 'Light laptop for study and office work.',
    priceBirr: 52000,
    specs: ['Intel Core i5', '8 GB RAM', '512 GB SSD', 'Windows 11'],
  },
  {
    slug: 'laptop-pro-16',
    name: 'Laptop Pro 16"',
    description: 'Powerful laptop for design and development.',
    priceBirr: 115000,
    specs: ['16" display', '16 GB RAM', '1 TB SSD', 'Backlit keyboard'],
  },
  {
    slug: 'tablet-10',
    name: 'Tablet 10"',
    description: 'A family tablet for reading and video.',
    priceBirr: 24000,
    specs: ['10.1" display', '64 GB storage', 'Wi-Fi', 'Kids mode'],
  },
  {
    slug: 'smart-tv-43',
    name: 'Smart TV 43"',
    description: 'Full HD smart TV with streaming apps.',
    priceBirr: 38000,
    specs: ['43" Full HD', 'Wi-Fi', '2 HDMI', 'Wall mount included'],
  },
  {
    slug: 'smart-tv-55',
    name: 'Smart TV 55" 4K',
    description: '4K television for the living room.',
    priceBirr: 72000,
    specs: ['55" 4K UHD', 'HDR', 'Voice remote', '3 HDMI'],
  },
  {
    slug: 'bluetooth-speaker',
    name: 'Bluetooth Speaker',
    description: 'Portable speaker with deep bass.',
    priceBirr: 5200,
    specs: ['12 h battery', 'Waterproof', 'Bluetooth 5.3'],
  },
  {
    slug: 'wireless-earbuds',
    name: 'Wireless Earbuds',
    description: 'Noise-cancelling earbuds with charging case.',
    priceBirr: 7800,
    specs: ['ANC', '24 h with case', 'USB-C'],
  },
  {
    slug: 'smartwatch',
    name: 'Smartwatch',
    description: 'Fitness tracking and notifications.',
    priceBirr: 9500,
    specs: ['Heart rate', 'GPS', '7-day battery'],
  },
  {
    slug: 'injera-mitad',
    name: 'Electric Injera Mitad',
    description: 'Large electric mitad for perfect injera.',
    priceBirr: 8900,
    specs: ['60 cm plate', 'Temperature control', '1.5 kW'],
  },
  {
    slug: 'refrigerator-300',
    name: 'Refrigerator 300 L',
    description: 'Energy-efficient double-door fridge.',
    priceBirr: 64000,
    specs: ['300 L', 'A+ energy', 'No frost'],
  },
  {
    slug: 'washing-machine-7',
    name: 'Washing Machine 7 kg',
    description: 'Front-loading washer with quick wash.',
    priceBirr: 47000,
    specs: ['7 kg', '1200 rpm', '15 programmes'],
  },
  {
    slug: 'coffee-machine',
    name: 'Espresso Coffee Machine',
    description: 'Make café-style macchiato at home.',
    priceBirr: 21000,
    specs: ['15 bar pump', 'Milk frother', '1.2 L tank'],
  },
  {
    slug: 'solar-kit',
    name: 'Home Solar Kit',
    description: 'Solar panel, battery and lights for a home.',
    priceBirr: 33000,
    specs: ['200 W panel', '100 Ah battery', '4 LED lamps'],
  },
  {
    slug: 'gaming-console',
    name: 'Gaming Console',
    description: 'Next-generation console with one controller.',
    priceBirr: 68000,
    specs: ['1 TB storage', '4K output', '1 controller'],
  },
  {
    slug: 'digital-camera',
    name: 'Mirrorless Camera',
    description: 'Mirrorless camera with a kit lens.',
    priceBirr: 98000,
    specs: ['24 MP sensor', '4K video', '18–55 mm lens'],
  },
];

/** Subscription plans, sold through the same checkout; a paid plan becomes a subscription. */
export const DEMO_SHOP_PLANS: readonly {
  slug: string;
  name: string;
  description: string;
  priceBirr: number;
  specs: readonly string[];
}[] = [
  {
    slug: 'plan-sefer-plus-monthly',
    name: 'Sefer Plus, monthly',
    description: 'Free delivery on shop orders in Addis Ababa and early access to holiday deals.',
    priceBirr: 350,
    specs: ['Free delivery in Addis Ababa', 'Early access to holiday deals', 'Cancel any time'],
  },
  {
    slug: 'plan-seller-boost-monthly',
    name: 'Seller Boost, monthly',
    description: 'Your verified listings are checked first and shown on the Telegram channel every week.',
    priceBirr: 1200,
    specs: ['Verification within 2 hours', 'Weekly post on our Telegram channel', 'Cancel any time'],
  },
];
