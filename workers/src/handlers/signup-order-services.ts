import { orderSignupServices } from '../../../api/src/modules/signup/order-services.service';
import type { Handler } from '../handler';

/** One sign-up's house contract: its services ordered by the tenant are placed with the suppliers (a repeat moves nothing). */
export const signupOrderServicesHandler: Handler<'signup.order-services'> = async (job, { db }) => orderSignupServices(db, job.data.houseContractId);
