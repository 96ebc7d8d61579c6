/** What the team-expense entity reads of settlements: the members' settlements of a statement. */
export { settlementSchema, type Settlement } from '../model/settlement.schema';
