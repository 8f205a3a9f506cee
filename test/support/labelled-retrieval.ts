/**
 * A labelled retrieval set for embedders: short entity descriptions, as the indexer embeds
 * nodes ("Entity Type: name. key: value"), and queries that paraphrase one of them with
 * as few shared words as possible. `relevant` is the index of the entity each query is
 * about. Used to hold a new embedder to the recall of the reference model.
 */
export const ENTITIES: readonly string[] = [
  'Pump: Centrifugal pump P-101. description: Moves cooling water through the plant',
  'Tank: Diesel tank T-3. description: Stores fuel for the backup generators',
  'Sensor: Thermocouple TC-7. description: Measures the temperature of the boiler',
  'Valve: Relief valve RV-2. description: Opens when pressure in the line is too high',
  'Compressor: Air compressor C-1. description: Produces compressed air for the tools',
  'Conveyor: Belt conveyor B-4. description: Carries boxes from packing to shipping',
  'Invoice: Invoice 2024-031. description: Bill sent to a customer for March deliveries',
  'Customer: Acme Retail. description: Chain of grocery stores buying our products',
  'Supplier: Northern Steel. description: Company that sells us metal sheets',
  'Contract: Maintenance contract. description: Agreement for yearly servicing of the machines',
  'Employee: Maria Lopez. description: Accountant in the finance department',
  'Ticket: Ticket 881. description: Complaint that the website login is broken',
  'Vehicle: Delivery van V-12. description: Truck that brings orders to shops in the city',
  'Meeting: Budget review. description: Discussion of next year spending plans',
  'Report: Incident report 17. description: Describes a worker injured by a falling box',
  'Room: Server room. description: Holds the computers and network equipment',
  'Product: Oat milk 1 l. description: Plant-based drink made from grain',
  'Order: Order 5521. description: Request from a shop for two pallets of bottles',
  'Motor: Electric motor M-9. description: Drives the main fan of the cooling tower',
  'Boiler: Steam boiler SB-1. description: Heats water to make steam for the dryers',
  'Document: Safety manual. description: Rules to follow to avoid accidents at work',
  'Policy: Travel policy. description: What staff may spend on flights and hotels',
  'Camera: Camera CAM-3. description: Films the loading dock for security',
  'Generator: Diesel generator G-2. description: Makes electricity during power cuts',
  'Filter: Water filter F-8. description: Removes dirt and particles from the intake',
  'Project: Solar roof. description: Installing panels to produce our own power',
  'Recipe: Banana bread. description: Cake baked with ripe fruit, flour and eggs',
  'Course: Forklift training. description: Teaches new staff to drive lifting trucks',
  'Alarm: Fire alarm FA-1. description: Rings loudly when smoke is detected',
  'Printer: Office printer. description: Puts documents on paper for the staff',
  // Distractors: near neighbours of the entities above that no query is about.
  'Pump: Dosing pump P-7. description: Adds small amounts of chemicals to the treatment basin',
  'Tank: Rainwater tank T-9. description: Collects water from the roof for the garden',
  'Sensor: Level sensor LS-2. description: Reports how full the silo is',
  'Valve: Gate valve GV-5. description: Shuts off the supply line for repairs',
  'Fan: Ceiling fan. description: Keeps the warehouse air moving in summer',
  'Invoice: Credit note 12. description: Refund issued after damaged goods were returned',
  'Customer: City Hospital. description: Public clinic ordering cleaning supplies',
  'Supplier: Blue Logistics. description: Carrier that handles our international freight',
  'Contract: Lease agreement. description: Rental terms for the office building',
  'Employee: Tom Becker. description: Engineer in charge of the production line',
  'Ticket: Ticket 902. description: Request for a new laptop for a new hire',
  'Vehicle: Company car. description: Sedan used by the sales team for client visits',
  'Meeting: Weekly standup. description: Short team sync every Monday morning',
  'Report: Quarterly sales report. description: Revenue by region for the last three months',
  'Room: Break room. description: Kitchen with a coffee machine and tables',
  'Product: Sparkling water. description: Bottled mineral water with bubbles',
  'Order: Purchase order 77. description: Our request to a vendor for spare parts',
  'Motor: Gear motor GM-4. description: Turns the mixer in the batch kitchen',
  'Heater: Space heater. description: Warms the workshop in winter',
  'Document: Employee handbook. description: Explains holidays, pay and benefits',
  'Policy: Privacy policy. description: How personal data of customers is handled',
  'Light: Floodlight L-6. description: Illuminates the parking lot at night',
  'Battery: Battery bank BB-1. description: Stores energy from the grid for the data center',
  'Sieve: Sand sieve. description: Separates coarse gravel from fine sand',
  'Project: New canteen. description: Building a larger dining hall for the workers',
  'Recipe: Tomato soup. description: Warm dish cooked from vegetables and stock',
  'Course: First aid training. description: Teaches staff to help injured colleagues',
  'Alarm: Intrusion alarm. description: Alerts the guard when a door is forced',
  'Scanner: Document scanner. description: Turns paper pages into digital files',
  'Laptop: Laptop LT-33. description: Portable computer of the sales manager',
];

export const QUERIES: readonly { query: string; relevant: number }[] = [
  { query: 'a machine that pushes liquid', relevant: 0 },
  { query: 'where fuel is kept for emergencies', relevant: 1 },
  { query: 'device that tells how hot the furnace is', relevant: 2 },
  { query: 'safety part releasing excess pressure', relevant: 3 },
  { query: 'equipment squeezing air for pneumatic tools', relevant: 4 },
  { query: 'moving belt transporting parcels', relevant: 5 },
  { query: 'payment request to a client', relevant: 6 },
  { query: 'supermarket company that purchases goods', relevant: 7 },
  { query: 'vendor of iron plates', relevant: 8 },
  { query: 'deal for annual repairs of equipment', relevant: 9 },
  { query: 'person who does bookkeeping', relevant: 10 },
  { query: 'user cannot sign in to the site', relevant: 11 },
  { query: 'truck bringing goods to stores', relevant: 12 },
  { query: 'talk about costs for the coming year', relevant: 13 },
  { query: 'accident where someone got hurt', relevant: 14 },
  { query: 'place where the servers and routers are', relevant: 15 },
  { query: 'dairy alternative beverage', relevant: 16 },
  { query: 'purchase request for pallets of bottles', relevant: 17 },
  { query: 'engine spinning a ventilator', relevant: 18 },
  { query: 'unit producing vapour for drying', relevant: 19 },
  { query: 'guidelines for staying safe on the job', relevant: 20 },
  { query: 'rules for business trip expenses', relevant: 21 },
  { query: 'video surveillance of the dock', relevant: 22 },
  { query: 'backup power during an outage', relevant: 23 },
  { query: 'cleans impurities out of incoming water', relevant: 24 },
  { query: 'photovoltaic installation on the building', relevant: 25 },
  { query: 'how to bake a fruit cake', relevant: 26 },
  { query: 'lessons on operating lift trucks', relevant: 27 },
  { query: 'siren that warns of a blaze', relevant: 28 },
  { query: 'machine that outputs paper copies', relevant: 29 },
];

/** Fraction of queries whose relevant entity is among the `k` nearest (unit vectors). */
export function recallAtK(
  entityVectors: readonly ArrayLike<number>[],
  queryVectors: readonly ArrayLike<number>[],
  k: number,
): number {
  let found = 0;
  QUERIES.forEach(({ relevant }, q) => {
    const query = queryVectors[q]!;
    const scores = entityVectors.map((entity, index) => {
      let dot = 0;
      for (let i = 0; i < query.length; i += 1) {
        dot += (entity[i] ?? 0) * (query[i] ?? 0);
      }
      return { index, dot };
    });
    scores.sort((a, b) => b.dot - a.dot || a.index - b.index);
    if (scores.slice(0, k).some((s) => s.index === relevant)) {
      found += 1;
    }
  });
  return found / QUERIES.length;
}
