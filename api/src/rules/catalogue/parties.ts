import { CONTACT_TYPES, CUSTOMER_TYPES, AGENCY_PORTAL_PERMISSIONS, CARD_PROVIDERS } from '../value-sets';
import { TENANT_PORTALS, USER_ROLES } from '../identity';
import { personName, email } from '../validators';
import { normaliseUkMobile, normaliseUkPostcode, ukMobile, ukPostcode } from '../validation/contact';
import { hexColour } from '../validation/misc';
import { MONEY_CEILINGS, SYSTEM_FIELDS, type ResourceSpec } from './types';

/** Brands: the group id of /admin/{groupId}/ and X-Group-ID (group 2 uses the first card provider). */
export const Group: ResourceSpec = {
  name: 'Group',
  label: 'Groups',
  table: 'groups',
  area: 'settings',
  menu: 'Settings',
  fields: {
    ...SYSTEM_FIELDS,
    name: { kind: 'string', required: true, list: true, sort: true },
    cardProvider: { kind: 'enum', values: CARD_PROVIDERS, required: true, list: true, filter: 'eq' },
    serviceUserNumber: { kind: 'string', required: true, list: true, maxLength: 6 },
    brandColour: { kind: 'string', rules: [hexColour], list: true, maxLength: 7 },
  },
  search: ['name'],
  defaultSort: { field: 'id', order: 'ASC' },
  representation: 'name',
  create: false,
  update: true,
  delete: 'never',
  groupScoped: false,
};

export const City: ResourceSpec = {
  name: 'City',
  plural: 'Cities',
  label: 'Cities',
  table: 'cities',
  area: 'customers',
  menu: 'Customers',
  fields: { ...SYSTEM_FIELDS, name: { kind: 'string', required: true, list: true, sort: true, maxLength: 100 } },
  search: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
  representation: 'name',
  create: true,
  update: true,
  delete: 'hard',
  groupScoped: false,
};

export const Agency: ResourceSpec = {
  name: 'Agency',
  plural: 'Agencies',
  label: 'Agencies',
  table: 'agencies',
  area: 'customers',
  menu: 'Customers',
  fields: {
    ...SYSTEM_FIELDS,
    name: { kind: 'string', required: true, list: true, sort: true, maxLength: 200 },
    email: { kind: 'string', required: true, list: true, rules: [email] },
    phone: { kind: 'string', rules: [ukMobile], normalise: normaliseUkMobile, maxLength: 20 },
    parentId: { kind: 'ref', ref: 'Agency', filter: 'eq', list: true, help: 'The parent agency of a branch' },
    rootAccount: { kind: 'boolean', defaultValue: false, filter: 'eq' },
    portalPermissions: { kind: 'enum', values: AGENCY_PORTAL_PERMISSIONS, defaultValue: 'FULL', filter: 'eq' },
    isActive: { kind: 'boolean', defaultValue: true, filter: 'eq', list: true },
    streetName: { kind: 'string', required: true },
    cityName: { kind: 'string', required: true, filter: 'eq', sort: true, list: true, maxLength: 100 },
    postCode: { kind: 'string', required: true, rules: [ukPostcode], normalise: normaliseUkPostcode, filter: 'eq', maxLength: 8 },
    companyNumber: { kind: 'string', maxLength: 8 },
    commissionPence: { kind: 'money', defaultValue: 0, min: 0, ...MONEY_CEILINGS.other, help: 'Paid to the agency for each tenant signed up' },
    commissionTenantCap: { kind: 'int', help: 'Commission is paid for at most this many tenants a year' },
  },
  search: ['name', 'email', 'postCode'],
  defaultSort: { field: 'name', order: 'ASC' },
  representation: 'name',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: true,
  related: [
    { resource: 'Agency', target: 'parentId' },
    { resource: 'House', target: 'agencyId' },
    { resource: 'AgentAgency', target: 'agencyId' },
  ],
};

const personFields = {
  email: { kind: 'string', required: true, list: true, sort: true, rules: [email] },
  firstName: { kind: 'string', required: true, list: true, sort: true, rules: [personName], maxLength: 100 },
  lastName: { kind: 'string', required: true, list: true, sort: true, rules: [personName], maxLength: 100 },
  phone: { kind: 'string', rules: [ukMobile], normalise: normaliseUkMobile, maxLength: 20, help: 'UK mobile, e.g. +44 7700 900123' },
} as const;

/** Letting agents (users with the agent role). */
export const Agent: ResourceSpec = {
  name: 'Agent',
  label: 'Agents',
  table: 'users',
  area: 'customers',
  menu: 'Customers',
  rowFilter: { role: ['agent'] },
  fields: {
    ...SYSTEM_FIELDS,
    ...personFields,
    isFo: { kind: 'boolean', defaultValue: false, filter: 'eq', list: true, help: 'Front-office agent' },
    cityId: { kind: 'ref', ref: 'City', filter: 'eq', list: true },
  },
  search: ['email', 'firstName', 'lastName'],
  defaultSort: { field: 'lastName', order: 'ASC' },
  representation: '${firstName} ${lastName}',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: false,
  related: [{ resource: 'AgentAgency', target: 'agentId' }],
};

/** Which agencies an agent works for. */
export const AgentAgency: ResourceSpec = {
  name: 'AgentAgency',
  plural: 'AgentAgencies',
  label: 'Agent agencies',
  table: 'agent_agencies',
  area: 'customers',
  menu: 'Customers',
  fields: {
    ...SYSTEM_FIELDS,
    agentId: { kind: 'ref', ref: 'Agent', required: true, filter: 'eq', list: true, column: 'user_id', createOnly: true },
    agencyId: { kind: 'ref', ref: 'Agency', required: true, filter: 'eq', list: true, createOnly: true },
  },
  search: [],
  defaultSort: { field: 'id', order: 'ASC' },
  representation: '#${id}',
  create: true,
  update: false,
  delete: 'hard',
  groupScoped: false,
};

/** Tenants and bill payers (users with the front or bill-payer role). */
export const Tenant: ResourceSpec = {
  name: 'Tenant',
  label: 'Tenants',
  table: 'users',
  area: 'customers',
  menu: 'Customers',
  rowFilter: { role: ['front', 'bill-payer'] },
  fields: {
    ...SYSTEM_FIELDS,
    ...personFields,
    role: { kind: 'enum', values: USER_ROLES.filter((role) => role === 'front' || role === 'bill-payer'), required: true, filter: 'eq', list: true, defaultValue: 'front' },
    portal: { kind: 'enum', values: TENANT_PORTALS, required: true, filter: 'eq', defaultValue: 'MY_ACCOUNT' },
    customerType: { kind: 'enum', values: CUSTOMER_TYPES, defaultValue: 'STUDENT', filter: 'eq', list: true },
    dateOfBirth: { kind: 'date' },
    priorityServices: { kind: 'boolean', defaultValue: false, filter: 'eq', help: 'On the Priority Services Register: credit control calls them instead of warning of court' },
    // The alternative address given at sign-up: where letters go when the tenant does not live at the house yet.
    correspondenceStreetName: { kind: 'string', maxLength: 255, help: 'Where to write to when it is not the house (given at sign-up)' },
    correspondenceCityName: { kind: 'string', maxLength: 100 },
    correspondencePostCode: { kind: 'string', rules: [ukPostcode], normalise: normaliseUkPostcode, maxLength: 8 },
  },
  search: ['email', 'firstName', 'lastName', 'phone'],
  defaultSort: { field: 'lastName', order: 'ASC' },
  representation: '${firstName} ${lastName}',
  create: true,
  update: true,
  delete: 'never',
  groupScoped: false,
  related: [{ resource: 'TenantContract', target: 'tenantId' }],
};

export const Contact: ResourceSpec = {
  name: 'Contact',
  label: 'Contacts',
  table: 'contacts',
  area: 'customers',
  menu: 'Customers',
  fields: {
    ...SYSTEM_FIELDS,
    contactType: { kind: 'enum', values: CONTACT_TYPES, required: true, filter: 'eq', list: true },
    name: { kind: 'string', required: true, list: true, sort: true, rules: [personName] },
    email: { kind: 'string', list: true, rules: [email] },
    phone: { kind: 'string', rules: [ukMobile], normalise: normaliseUkMobile, maxLength: 20 },
    agencyId: { kind: 'ref', ref: 'Agency', filter: 'eq', list: true },
    tenantId: { kind: 'ref', ref: 'Tenant', filter: 'eq' },
    notes: { kind: 'text' },
  },
  search: ['name', 'email'],
  defaultSort: { field: 'name', order: 'ASC' },
  representation: 'name',
  create: true,
  update: true,
  delete: 'hard',
  groupScoped: true,
};
