import type { Article } from './types';

export const article: Article = {
  heading: 'Regional suppliers',
  intro: 'We manage your bills, but the pipes and wires belong to regional companies. Here is who to contact for faults in your area.',
  sections: [
    {
      heading: 'Power cuts and gas emergencies',
      blocks: [
        { list: ['Power cut anywhere in Great Britain: call 105 (free, 24 hours).', 'Smell gas: call the National Gas Emergency Service on 0800 111 999 (free, 24 hours).', 'Northern Ireland power cut: call NIE Networks on 03457 643 643.'] },
      ],
    },
    {
      heading: 'Electricity network operators',
      blocks: [
        {
          table: {
            caption: 'Who runs the electricity network by region',
            head: ['Region', 'Network operator'],
            rows: [
              ['London, South East and East of England', 'UK Power Networks'],
              ['Midlands, South West and South Wales', 'National Grid Electricity Distribution'],
              ['North West England', 'Electricity North West'],
              ['North East England and Yorkshire', 'Northern Powergrid'],
              ['North Wales, Merseyside and Cheshire', 'SP Energy Networks'],
              ['Central and southern Scotland', 'SP Energy Networks'],
              ['North of Scotland and central southern England', 'Scottish and Southern Electricity Networks'],
            ],
          },
        },
      ],
    },
    {
      heading: 'Water companies',
      blocks: [
        'Your water company is set by your address; we pay it on your house’s behalf. Report leaks and supply problems to them directly.',
        {
          table: {
            caption: 'Main water and sewerage companies by area',
            head: ['Area', 'Water company'],
            rows: [
              ['London and Thames Valley', 'Thames Water'],
              ['North West England', 'United Utilities'],
              ['Yorkshire', 'Yorkshire Water'],
              ['North East England', 'Northumbrian Water'],
              ['Midlands', 'Severn Trent'],
              ['East of England', 'Anglian Water'],
              ['South West England', 'South West Water and Wessex Water'],
              ['South East England', 'Southern Water'],
              ['Wales', 'Dŵr Cymru Welsh Water'],
              ['Scotland', 'Scottish Water'],
            ],
          },
        },
      ],
    },
  ],
};
