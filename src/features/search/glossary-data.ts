/**
 * The glossary Sefer searches with, built once from the JSON files in ./glossary (see its README).
 * A new domain file is added to the imports and to DOMAINS below.
 */
import { Glossary, type CategoryWords, type GlossaryEntry } from './glossary.ts';
import categories from './glossary/categories.json' with { type: 'json' };
import agricultureAnimals from './glossary/agriculture-animals.json' with { type: 'json' };
import appliances from './glossary/appliances.json' with { type: 'json' };
import beautyHealth from './glossary/beauty-health.json' with { type: 'json' };
import clothes from './glossary/clothes.json' with { type: 'json' };
import drinks from './glossary/drinks.json' with { type: 'json' };
import educationOffice from './glossary/education-office.json' with { type: 'json' };
import events from './glossary/events.json' with { type: 'json' };
import food from './glossary/food.json' with { type: 'json' };
import household from './glossary/household.json' with { type: 'json' };
import peopleGifts from './glossary/people-gifts.json' with { type: 'json' };
import phonesElectronics from './glossary/phones-electronics.json' with { type: 'json' };
import produce from './glossary/produce.json' with { type: 'json' };
import propertyBuilding from './glossary/property-building.json' with { type: 'json' };
import services from './glossary/services.json' with { type: 'json' };
import travel from './glossary/travel.json' with { type: 'json' };
import vehicles from './glossary/vehicles.json' with { type: 'json' };

const DOMAINS: { entries: GlossaryEntry[] }[] = [
  agricultureAnimals,
  appliances,
  beautyHealth,
  clothes,
  drinks,
  educationOffice,
  events,
  food,
  household,
  peopleGifts,
  phonesElectronics,
  produce,
  propertyBuilding,
  services,
  travel,
  vehicles,
];

export const glossary = new Glossary(
  DOMAINS.flatMap((d) => d.entries),
  categories as CategoryWords[],
);
