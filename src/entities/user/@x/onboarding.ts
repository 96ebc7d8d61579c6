export { profileSchema, type Profile } from '../model/user.schema';
