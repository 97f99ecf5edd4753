/**
 * The catalogue the search relevance suite (relevance.data.test.ts) is judged on: listings named as
 * Addis Ababa sellers name them, in English, Amharic (Ge'ez), Amharic typed in Latin letters and a
 * mix of them, plus distractors that share a letter string or a topic with a target but are not
 * what the searcher wants (tea beside coffee, carpets beside cars).
 *
 * Written as a table, one listing a line, so the whole catalogue reads in one screen:
 *   key | category | product name | company name | location | description
 * The key names the listing in the queries; categories are keys of listings/categories.ts (the test
 * checks them). Listings are posted one hour apart in table order, the first newest, so the order of
 * equal matches is fixed. Pure data: this module imports nothing.
 */

export interface RelevanceListing {
  key: string;
  category: string;
  productName: string;
  companyName: string;
  location: string;
  description: string;
  /** Pending listings are never public: a search must not find them. */
  status: 'verified' | 'pending';
}

const VERIFIED = `
# Food and drink
coffee-tomoca | foods | Roasted Coffee Beans | Tomoca Coffee | Piassa, Wavel Street | Freshly roasted Yirgacheffe and Sidamo beans, ground while you wait. Macchiato at the counter.
buna-ge | foods | ጀበና ቡና | እማማ ጽጌ ቡና ቤት | ካዛንቺስ | ባህላዊ ጀበና ቡና በእጣን እና በፈንዲሻ።
bread-ge | foods | ትኩስ ዳቦ | ሸገር ዳቦ ቤት | መገናኛ | በየቀኑ የሚጋገር ዳቦ፣ ፉርኖ እና ኬክ።
honey-ge | foods | የወለላ ማር | ጎጃም ማር | ሽሮ ሜዳ | ንፁህ ነጭ ማር ከጎጃም በኪሎ እና በጣሳ።
injera-ge | foods | የጤፍ እንጀራ | እናት ባልትና | ጀሞ | ንፁህ የጤፍ እንጀራ ለሆቴሎች እና ለቤት ፍጆታ በትዕዛዝ።
meat-siga | foods | የበሬ ስጋ | ቦሌ ስጋ ቤት | Bole Medhanialem | ክትፎ፣ ጥብስ እና ቁርጥ የሚሆን ትኩስ ስጋ በየቀኑ።
mutton-ge | foods | የበግ ሥጋ | ሀበሻ ሥጋ ቤት | ገርጂ | ለበዓል የሚሆን የበግ ሥጋ በኪሎ።
fish-asa | foods | ትኩስ አሳ | ጣና አሳ ቤት | ሳሪስ | የጣና እና የዝዋይ አሳ፤ አሳ ለብለብ እና ኮተሌት።
fish-fried | foods | የተጠበሰ ዓሣ | ሐይቅ ምግብ ቤት | Arat Kilo | የፆም ምግብ፣ ዓሣ ጉላሽ እና ሾርባ።
restaurant-en | foods | Special Kitfo & Tibs Lunch | Yod Abyssinia Traditional Restaurant | Bole Medhanialem | Cultural dinner with live music and dancing every evening.
shiro-latin | foods | Shiro Fesses & Tegabino | Totot Habesha Kitchen | Gerji | Yetsom migib every Wednesday and Friday, enjera included.
tej-latin | foods | Yemar Tej – Tej Bet | Topia Tej Bet | Kazanchis | Traditional honey wine served in berele, with live masinko.
berbere-ge | foods | ሚጥሚጣ እና በርበሬ | እማማ ዘውዲቱ ቅመማ ቅመም | መርካቶ | በቤት ውስጥ የተዘጋጀ ንፁህ በርበሬ፣ ሽሮ እና ሚጥሚጣ።
cake-en | foods | Birthday Cakes to Order | Saay Pastry & Bakery | Sarbet | Chocolate, vanilla and black forest cakes. Order two days ahead.
market-bole | foods | Fresh Fruits & Vegetables | Bole Fresh Market | Bole Atlas | Avocado, mango, tomato and onion straight from the farm.
teff-ge | agricultural | ነጭ ጤፍ | አቢሲኒያ እህል ንግድ | Merkato | ማኛ ጤፍ በኩንታል እና በኪሎ።
butter-ge | agricultural | የላም ቅቤ | ወሎ ቅቤ ቤት | ሾላ ገበያ | ንጥር ቅቤ እና አይብ።
milk-latin | agricultural | Wetet ena Ergo | Sebeta Dairy | Ayat Zone 2 | Fresh cow milk and ergo delivered every morning.
doro-ge | agricultural | የበዓል ዶሮ እና እንቁላል | ሸዋ ዶሮ እርባታ | ኮተቤ | የሀበሻ ዶሮ እና የፈረንጅ ዶሮ፤ ትኩስ እንቁላል በትሪ።
# Clothes and shoes
shoes-leather | men | Men's Leather Shoes | Anbessa Shoe S.C. | Merkato | Genuine leather, sizes 39 to 45, made in Addis.
shoes-ge | women | የሴቶች ተረከዝ ጫማ | ሊያ ጫማ መደብር | ቦሌ ሩዋንዳ | ከ36 እስከ 41 ቁጥር፤ ጥቁር እና ቀይ ቀለም።
sneakers | men | Nike & Adidas Sneakers | Kidus Sport | Bole Dembel | Original sport shoes for running and football.
clothes-ge | men | የወንዶች ልብስ እና ሱፍ | ሚካኤል ልብስ ቤት | ፒያሳ | ከውጭ የመጣ ሱፍ፣ ሸሚዝ እና ከረባት።
suits-en | men | Men's Suits & Shirts | Kirkos Tailoring | Kazanchis | Made to measure in one week.
kemis-latin | women | Habesha Kemis – hand-woven | Saba Tibeb | Shiro Meda | Shemena work with tilet, for holidays and weddings.
tshirt-ge | men | ቲሸርት እና ጂንስ | ቤቲ ፋሽን | ቦሌ | የወንድ እና የሴት ቲሸርት፣ ጂንስ ሱሪ።
# Phones, computers and appliances
phone-samsung | telecom | Samsung Galaxy S23 Ultra phone | Dream Mobile | Bole Dembel | Original, 1 year warranty, with box and charger.
phone-mixed | telecom | Samsung A15 ስልክ | ሀያት ሞባይል | ፒያሳ | አዲስ ስልክ ከነ ቻርጀሩ።
phone-tecno | telecom | ቴክኖ ስፓርክ 20 | ሚኪ ሞባይል | መገናኛ | ባለ 8GB RAM እና 256GB ሚሞሪ።
repair-en | repair | Phone Screen Replacement | Fix It Bole | Bole Dembel | iPhone and Samsung screens replaced in one hour.
computer-en | stationary | Dell Desktop Computer Core i5 | Zion Electronics | Bole Friendship | Office PCs with monitor, set up on delivery.
computer-ge | repair | ኮምፒውተር ጥገና | ናሆም ቴክ | ጦር ኃይሎች | ላፕቶፕ እና ዴስክቶፕ ጥገና፣ ዊንዶውስ ጭነት።
laptop-ge | stationary | ያገለገለ ላፕቶፕ HP | ዳዊት ኤሌክትሮኒክስ | መርካቶ | Core i7፣ 16GB RAM፣ ከዋስትና ጋር።
tv-en | appliances | Hisense 43 inch Smart Television | Jupiter Electronics | Bole Dembel | Netflix and YouTube built in, wall mount included.
tv-ge | appliances | ሳምሰንግ ስማርት ቴሌቪዥን 55 ኢንች | ኤልሻዳይ ኤሌክትሮኒክስ | መርካቶ | ከግድግዳ መስቀያ ጋር፤ የ2 ዓመት ዋስትና።
fridge-en | appliances | LG Fridge 300L – Refrigerator | Jupiter Electronics | Bole Dembel | Energy saving, two doors, free delivery in Addis.
mitad-en | appliances | Electric Injera Mitad | Bole Home Appliances | Bole, Addis Ababa | A fine mitad, bakes 60 cm injera evenly.
printer-en | stationary | Canon Printers & Toner | Abay Copy Center | Arat Kilo | Laser and inkjet printers, toner refill while you wait.
simcard-en | telecom | Prepaid SIM Card & Airtime | Ethio Telecom Shop Bole | Bole Road | New SIM cards, telebirr and internet packages.
software-en | software | Website & Mobile App Development | Gebeya Tech | Bole, Getu Commercial | We build shops, booking systems and Telegram bots for small businesses.
# Cars
car-en | carbrands | Used Cars – Toyota Corolla & Vitz | Moenco | Bole Road | Inspected, with service history. Trade-in welcome.
car-toyota-ge | carbrands | ቶዮታ ቪትዝ 2012 | አዲስ መኪና አስመጪ | ቃሊቲ | ከዱባይ የገባ፣ አውቶማቲክ።
car-ge | automotive | የመኪና ጎማ | አበበ ጎማ ቤት | ሳሪስ | የሁሉም መኪና ጎማ እና ባትሪ።
car-rent-ge | rental | መኪና ኪራይ ለሰርግ | ሰላም መኪና ኪራይ | ቦሌ ሚካኤል | ቪ8 እና ሊሙዚን ከሹፌር ጋር።
garage-ge | automotive | የሞተር እና የማርሽ ጥገና | ሀይሉ ጋራዥ | ጎተራ | Gearbox and engine overhaul for Toyota and Hyundai.
insurance-en | insurances | Comprehensive Motor Cover | Nyala Ins. S.C. | Mexico Square | Third-party and own-damage cover; claims settled in Addis.
# Homes and furniture
sofa-ge | design | ዘመናዊ ሶፋ | ቤዛ የቤት እቃዎች | ጀሞ 1 | ባለ 7 ሰው ሶፋ በትዕዛዝ ይሰራል።
sofa-en | design | L-shaped Sofa Set | Mesfin Furniture | Megenagna | Fabric or leather, delivered and assembled.
house-ge | homes | ባለ 3 መኝታ ቤት ለሽያጭ | ኖህ ሪል እስቴት | ሲኤምሲ | 250 ካሬ ሜትር ግቢ፣ ካርታ ያለው።
apartment-en | homes | 2 Bedroom Apartment for Rent | Ayat Real Estate | Ayat | Furnished, 24 hour water and security.
# Services
hotel-en | travels | Weekend Room with Breakfast | Ghion Hotel | Stadium, Ras Desta Damtew St | Free Wi-Fi, swimming pool and airport pickup.
hotel-ge | travels | የአልጋ እና የቁርስ ቅናሽ | ጸሐይ ሆቴል | ጎፋ ገብርኤል | ንፁህ ክፍሎች፣ ሙቅ ውሃ እና ፓርኪንግ።
travel-en | travels | Lalibela 3-Day Tour Package | Ethio Travel & Tours | Bole | Flights, hotel and guide included.
solar | energy | Solar Panel 300W | ፀሐይ ሶላር ኢነርጂ | ለቡ | ለገጠር እና ለከተማ ቤቶች የፀሐይ ኃይል።
salon-ge | sallons | የሙሽራ ፀጉር እና ሜካፕ | ሊዲያ የውበት ሳሎን | ካዛንቺስ | Keratin, ሹሩባ እና ጥፍር።
cosmetics-en | health | Nivea & Dove Skin Care | Mahlet Cosmetics | Bole Atlas | Lotions, creams and perfumes, original products only.
pharmacy-en | medical | Vitamins & Baby Formula | Gishen Pharmacy | Megenagna | Open 24 hours; prescriptions filled.
pharmacy-ge | medical | መድኃኒት ቤት | ሕይወት መድኃኒት ቤት | ፒያሳ | የደም ግፊት እና የስኳር መድኃኒቶች።
wedding-ge | events | የሰርግ አዳራሽ እና ምግብ ዝግጅት | ራስ አምባ አዳራሽ | ቦሌ | እስከ 500 እንግዶች፣ ዲኮር እና ሙዚቃ።
catering-en | events | Wedding Catering & Decor | Hana Events | Old Airport | Buffet for 100 to 1,000 guests, cakes and flowers.
tutor-ge | elearning | የግል አስጠኚ ለ8ኛ እና 12ኛ ክፍል | ብሩህ አስጠኚዎች | ጀሞ | ማትሪክ ፈተና ዝግጅት፣ ሂሳብ እና ፊዚክስ።
tutor-en | elearning | Private Math Tutor – Home Visits | Bright Minds Tutoring | CMC | Grades 5 to 12, English and Amharic.
lang-ge | translation | የእንግሊዝኛ ቋንቋ ትምህርት | አዲስ ቋንቋ ማዕከል | አራት ኪሎ | ለጀማሪዎች እና ለሥራ ፈላጊዎች።
# Distractors: near a target in letters or topic, never what its query asks for
tea-wushwush | foods | Ethiopian Black Tea | Wush Wush Tea | Merkato | Loose leaf and tea bags, 500 g packs.
shai-ge | foods | ሻይ ቅጠል እና ቀረፋ | ዳሎል ሻይ ቤት | ፒያሳ | ለሻይ የሚሆን ቅመም፣ ቀረፋ እና ጦስኝ።
juice-sholla | foods | Avocado & Mango Juice | Sholla Juice House | Sholla | Spris, papaya and fresh orange juice.
carrots-merkato | agricultural | Carrots, Onions & Potatoes | Kebede Atkilt Wholesale | Atkilt Tera, Merkato | Wholesale by the sack.
carpet-bole | design | Persian Carpets & Rugs | Bole Carpet Gallery | Bole Atlas | Hand-knotted carpets, all sizes.
coffee-table | design | Wooden Coffee Table | Mesfin Furniture | Megenagna | Solid wood, glass top on request.
marble-addis | design | Marble & Granite Tiles | Addis Marble | Kality | Floor and kitchen tiles, cut to size.
cards-invitation | printing | Wedding Invitation Cards | Abay Printing | Arat Kilo | Custom designs, 100 cards minimum.
cardigan | women | Wool Cardigans & Sweaters | Selam Knitwear | Shola | Hand-knitted, all sizes.
bags-leather | women | Leather Handbags & Belts | Tikur Abay Leather | Bole Atlas | Hand-stitched bags and wallets.
sandals-ge | men | የቆዳ ነጠላ ጫማ | መርካቶ ጫማ ተራ | መርካቶ | በእጅ የተሰራ የቆዳ ነጠላ ጫማ።
shoe-polish | men | Kiwi Shoe Polish & Brushes | Mulugeta General Trading | Merkato | Black, brown and neutral polish by the dozen.
hairdryer | health | Hair Dryer & Straightener | Sara Beauty Supply | Bole Atlas | Ceramic plates, two year guarantee.
kettle-ge | appliances | የኤሌክትሪክ ማንቆርቆሪያ | ሀበሻ ኢንተርፕራይዝ | ቦሌ | 1.7 ሊትር፣ በ5 ደቂቃ ውሃ ያፈላል።
mobile-money | telecom | telebirr Agent & Mobile Money | Selam Shop | Gerji | Cash in, cash out and bill payments.
`;

/** Pending listings: a search must never show them, however well they match. */
const PENDING = `
pending-nespresso | appliances | Nespresso Coffee Machine | Zion Electronics | Bole Friendship | Capsule machine, pending review.
pending-azmud | foods | ጥቁር አዝሙድ ዘይት | ሐረር ቅመም | መርካቶ | ንፁህ የጥቁር አዝሙድ ዘይት።
`;

function parse(table: string, status: RelevanceListing['status']): RelevanceListing[] {
  return table
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const cells = line.split(' | ');
      if (cells.length !== 6) throw new Error(`A fixture line needs 6 cells: ${line}`);
      const [key, category, productName, companyName, location, description] = cells.map((c) => c.trim()) as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      return { key, category, productName, companyName, location, description, status };
    });
}

/** Every listing of the suite, newest first (the test posts them an hour apart in this order). */
export const RELEVANCE_LISTINGS: readonly RelevanceListing[] = Object.freeze([
  ...parse(VERIFIED, 'verified'),
  ...parse(PENDING, 'pending'),
]);
