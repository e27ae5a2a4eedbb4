import { Model, snakeCaseMappers, type ColumnNameMappers } from 'objection';

/**
 * Every model maps camelCase properties to the snake_case columns of the schema. Models carry no
 * validation of their own: inputs are checked by the services (rules/), and the database's constraints
 * are the last word.
 */
export class BaseModel extends Model {
  static override get columnNameMappers(): ColumnNameMappers {
    return snakeCaseMappers();
  }
}
