// The words of the downloadable PDFs (site/src/content/documents.json lists them). Blocks: a string is a
// paragraph; { h } a heading; { list }; { table: { head, rows } }; { fields } a form with lines to fill in.
import fs from 'node:fs';

const rates = JSON.parse(fs.readFileSync(new URL('../src/content/tariff-rates.json', import.meta.url), 'utf8'));
const SITE = 'Shared House Bills';
const PHONE = '020 7946 0123';
const pence = (value) => `${value.toFixed(2)}p`;

function tariffSheet(slugs) {
  const periods = rates.periods.filter((period) => slugs.includes(period.slug));
  const table = (key) => ({
    table: { head: ['Period', 'Unit rate per kWh', 'Standing charge per day'], rows: periods.map((p) => [p.label, pence(p[key][0]), pence(p[key][1])]) },
  });
  return [
    'The rates below were used to calculate the energy part of each house’s monthly share in these periods. ' + rates.vatNote,
    { h: 'Electricity (homes with gas)' },
    table('electric'),
    { h: 'Gas' },
    table('gas'),
    { h: 'Electricity (electric-only homes)' },
    table('electricOnly'),
    `Questions about these rates? Call ${PHONE}, Monday to Friday, 9am to 5pm.`,
  ];
}

export const DOCUMENTS = {
  'direct-debit-form.pdf': [
    `Instruction to your bank or building society to pay by Direct Debit to ${SITE}.`,
    { fields: ['Name(s) of account holder(s)', 'Bank or building society account number', 'Branch sort code', 'Name and address of your bank or building society', 'Your reference (house address)', 'Signature(s)', 'Date (DD/MM/YYYY)'] },
    { h: 'Instruction to your bank or building society' },
    `Please pay ${SITE} Direct Debits from the account detailed in this Instruction, subject to the safeguards assured by the Direct Debit Guarantee. I understand that this Instruction may remain with ${SITE} and, if so, details will be passed electronically to my bank or building society.`,
    { h: 'The Direct Debit Guarantee' },
    {
      list: [
        'This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.',
        `If there are any changes to the amount, date or frequency of your Direct Debit, ${SITE} will notify you 10 working days in advance of your account being debited or as otherwise agreed.`,
        `If an error is made in the payment of your Direct Debit by ${SITE} or your bank, you are entitled to a full and immediate refund of the amount paid from your bank.`,
        'You can cancel a Direct Debit at any time by simply contacting your bank. Written confirmation may be required. Please also notify us.',
      ],
    },
  ],
  'sign-up-form.pdf': [
    'Prefer paper? Complete this form for each housemate and return it to us by e-mail or post. Each housemate pays only their own share.',
    { h: 'The house' },
    { fields: ['House address and postcode', 'Tenancy start date (DD/MM/YYYY)', 'Tenancy end date (DD/MM/YYYY)', 'Number of housemates (1 to 12)', 'Letting agent (if any)'] },
    { h: 'Your details' },
    { fields: ['Full name', 'Date of birth (you must be 18 or over)', 'E-mail address', 'Mobile number'] },
    { h: 'Services (tick those you want)' },
    { list: ['Energy: 100% green electricity from wind, and gas', 'Water and sewerage', 'Broadband: 400, 600, 800 or 1000Mbps', 'TV licence'] },
    { h: 'Package' },
    { list: ['Green Saver', 'Lite', 'Unlimited'] },
    { fields: ['Signature', 'Date (DD/MM/YYYY)'] },
  ],
  'energy-saving-guide.pdf': [
    'In a shared house every habit is multiplied by the number of housemates. Agree these together and the whole house benefits.',
    { h: 'Heating' },
    { list: ['Set the thermostat between 18°C and 21°C; each degree lower saves around a tenth of the heating cost.', 'Use the timer: warm before you get up, off when the house is empty.', 'Close curtains at dusk; keep radiators clear.'] },
    { h: 'Hot water' },
    { list: ['Four-minute showers.', 'Wash at 30°C with full loads.', 'Report dripping hot taps to your landlord.'] },
    { h: 'Kitchen' },
    { list: ['Boil only the water you need.', 'Lids on pans; match the pan to the ring.', 'Fridge at about 4°C; defrost the freezer.', 'Cook together: one oven for an hour beats five ovens for twenty minutes.'] },
    { h: 'Electronics and lighting' },
    { list: ['Switch off at the wall instead of standby.', 'LED bulbs, and lights off in empty rooms.', 'Unplug chargers once devices are full.'] },
  ],
  'telecom-guide.pdf': [
    'Your broadband and TV licence, explained.',
    { h: 'Broadband speeds' },
    { table: { head: ['Speed', 'Good for'], rows: [['400Mbps', 'Up to five housemates streaming and on video calls'], ['600Mbps', 'Busy houses with gaming and 4K streaming'], ['800Mbps', 'Large houses, home working and big downloads'], ['1000Mbps (1 GB)', 'The fastest option for the biggest houses']] } },
    { h: 'Installation' },
    'Allow at least two days for activation on an existing line, or three weeks where a new line has to be installed. We will e-mail the date to every housemate.',
    { h: 'Getting the best from your Wi-Fi' },
    { list: ['Put the router in a central, raised spot, away from microwaves and thick walls.', 'Restart it if speeds drop.', 'Use a cable for gaming or large downloads.'] },
    { h: 'TV licence' },
    'A single licence covers the whole house when you share one tenancy agreement. We buy and renew it for you. If each housemate has their own tenancy agreement, each may need their own licence: call us and we will check.',
  ],
  'meter-reading-guide.pdf': [
    'Accurate readings when you move in and out keep your final statement right. Take a photo of each meter, with the date, as a record.',
    { h: 'Finding your meters' },
    'Meters are usually under the stairs, in a cupboard by the front door, in the cellar, or in a box on an outside wall.',
    { h: 'Digital meters' },
    'Write down the numbers from left to right, ignoring any numbers after a decimal point or in red. An Economy 7 meter shows two readings (day and night): give us both.',
    { h: 'Dial meters' },
    'Read the dials from left to right. If a pointer is between two numbers, write down the lower one; if it is between 9 and 0, write down 9.',
    { h: 'Smart meters' },
    'Smart meters send readings automatically, but a photo of the display when you move is still useful.',
    { h: 'Submitting readings' },
    `Submit readings in your online account under Submit Meter Reads, or call ${PHONE}, Monday to Friday, 9am to 5pm.`,
  ],
  'statement-faq.pdf': [
    'Your statement, line by line.',
    { h: 'Why is my statement showing a balance?' },
    'A balance means payments received differ from the charges to date, usually because a payment date falls after the statement date. It evens out over your contract.',
    { h: 'What is the reconciliation?' },
    'At the end of your contract we compare the house’s actual energy use with the allowance in your package. Any difference appears on your final statement, which we e-mail within 12 weeks of the end of your contract.',
    { h: 'Why are estimated readings shown?' },
    'When we have no reading we estimate from past use. Send us a reading and we will update your statement.',
    { h: 'Do I pay for my housemates?' },
    'No. Each housemate has their own contract, so your statement shows only your share.',
    { h: 'Dates and amounts' },
    'Dates are shown as DD/MM/YYYY and amounts include VAT.',
  ],
  'tenant-letter.pdf': [
    'Dear tenant,',
    `Your letting agent works with ${SITE} so that your house can have all its bills in one place. Energy, water, broadband and TV licence are combined into one fixed monthly payment for each housemate.`,
    'Each housemate signs up for their own share. With split liability, you are never responsible for anyone else’s payment, and one housemate’s missed payment never affects your credit score.',
    `To get a quote, visit our website and choose Get a FREE quote, or call us on ${PHONE}, Monday to Friday, 9am to 5pm. It takes about ten minutes for the whole house.`,
    'We look forward to sorting your bills.',
    `The ${SITE} team`,
  ],
  'welcome-letter.pdf': [
    'Welcome to your new home,',
    `Thank you for choosing ${SITE}. From today we will look after your house’s bills, so you can get on with enjoying it.`,
    { h: 'Your first week' },
    { list: ['Send us meter readings for electricity, gas and water if you have a water meter.', 'Check the broadband installation date in your welcome e-mail.', 'Make sure your Direct Debit or card details are correct in your online account.'] },
    { h: 'Need help?' },
    `Call ${PHONE}, Monday to Friday, 9am to 5pm, or visit the Help Centre on our website. In a gas emergency call 0800 111 999; for a power cut call 105.`,
    'We have planted a tree in your name as a thank-you for joining us.',
  ],
  'domestic-terms-and-conditions.pdf': [
    `These terms form the contract between you and ${SITE} for the services we arrange for your shared house.`,
    { h: '1. Supply' },
    'We arrange supply from the start date in your welcome e-mail. You must give reasonable access to the meters for safety checks and readings.',
    { h: '2. Your share and split liability' },
    'You pay a fixed monthly share. You are liable only for your own share and never for another housemate’s.',
    { h: '3. Payment' },
    'Payments are taken on your chosen day (the 1st to the 29th, or the last day of the month) by Direct Debit or card. Bills paid on receipt or by card are due within 14 days.',
    { h: '4. Contract length' },
    'Variable contracts run for at least 30 days. Fixed contracts run for at least 9 months and at most 14 months.',
    { h: '5. Changes' },
    'We give at least 30 days’ notice of changes to these terms; you may end your contract without charge before a change takes effect.',
    { h: '6. Ending your contract' },
    'Your contract ends on its end date. We send your final statement within 12 weeks of the end of your contract.',
    { h: '7. Complaints' },
    'If we cannot resolve an energy complaint within eight weeks, you can refer it to the Energy Ombudsman free of charge.',
  ],
  'usage-tariffs-2022-2023.pdf': tariffSheet(['tariffs-apr-sep-2022', 'tariffs-oct-dec-2022', 'tariffs-jan-mar-2023']),
  'usage-tariffs-2023-2024.pdf': tariffSheet(['tariffs-apr-jun-2023', 'tariffs-jul-sep-2023', 'tariffs-oct-dec-2023']),
  'usage-tariffs-2024.pdf': tariffSheet(['tariffs-jan-apr-2024', 'domestic-tariff', 'fixed-tariff']),
  'business-guide.pdf': [
    'A guide for letting agents, landlords and other business customers.',
    { h: 'Void periods' },
    'Between tenancies, supply continues under your business contract. Void charges are invoiced monthly and payable within 14 days.',
    { h: 'Common areas' },
    'Hallway lighting, shared laundries and other landlord supplies can be put on a business contract with monthly invoices.',
    { h: 'Energy Bills Discount Scheme' },
    'Eligible business supplies received the government discount from 01/04/2023 to 31/03/2024, shown as a separate invoice line.',
    { h: 'Your partner dashboard' },
    'See every property, its services and contract dates in the agent portal, and share your referral link with tenants.',
    { h: 'Contact' },
    `Partnerships team: ${PHONE}, Monday to Friday, 9am to 5pm, partners@sharedhousebills.co.uk.`,
  ],
};
