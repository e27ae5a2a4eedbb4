import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '../../../ui/Modal';
import { RichText } from '../../../ui/RichText';

/** The energy-crisis help block; More Information opens a modal with what support exists and where to read more. */
export function EnergyCrisis() {
  const [open, setOpen] = useState(false);
  return (
    <section className="energy-crisis" aria-labelledby="energy-crisis-title">
      <div className="container energy-crisis__inner">
        <div>
          <h2 id="energy-crisis-title">Worried about energy costs?</h2>
          <p>
            Energy prices rose sharply from 2022. Government schemes have helped households with their bills, and we
            pass every penny of support straight to the houses we look after.
          </p>
        </div>
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          More Information
        </button>
      </div>
      {open ? (
        <Modal title="Help with energy costs" onClose={() => setOpen(false)}>
          <ul className="modal__list">
            <li>
              <strong>Energy Bills Support Scheme:</strong> a £400 rebate for every household from October 2022 to March
              2023, credited as £66, £66 and then four payments of £67.{' '}
              <Link to="/energy-bill-support">About the £400 rebate</Link>
            </li>
            <li>
              <strong>Energy Price Guarantee:</strong> a cap on the unit rates suppliers could charge from October 2022.{' '}
              <Link to="/energy-price-guarantee">How the guarantee worked</Link>
            </li>
            <li>
              <strong>Warm Home Discount:</strong> a £150 credit on the electricity bill of eligible households before 31
              March 2024. <Link to="/warm-home-discount">Who qualified</Link>
            </li>
            <li>
              <strong>Extra help:</strong> if you or a housemate need extra support, join the Priority Services Register.{' '}
              <Link to="/extra-help">Join the register</Link>
            </li>
          </ul>
          <p>
            <RichText text="Struggling to pay your share? Call us on {phone}, Monday to Friday, 9am to 5pm. We will agree a plan with you." />
          </p>
        </Modal>
      ) : null}
    </section>
  );
}
