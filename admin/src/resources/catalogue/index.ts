/** Generic back-office screens for every resource of the catalogue (`@app/api/rules` CATALOGUE). */
export { CatalogueList } from './CatalogueList';
export { CatalogueShow } from './CatalogueShow';
export { CatalogueCreate, CatalogueEdit } from './CatalogueForms';
export { representationOf } from './format';
export { withFieldErrors } from './field-errors';
export { DEDICATED_RESOURCES } from './spec';
