/** The demo shop: the products it sells and the subscription plans. */

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
