// What the lead's side of study (entities/study-admin) shares with the member's: the answer's wire
// shape and an exam's settings fields.
export { type AnswerValue, answerValueSchema, examSettingsFields } from '../model/study.schema';
