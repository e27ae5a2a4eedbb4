import { Link } from 'react-router-dom';
import { Panel, TenantPage } from './TenantPage';

const TIPS = [
  { title: 'Heating', tips: ['Set the thermostat to 18–21 °C: each degree lower saves about 10 % of heating.', 'Bleed radiators and keep furniture away from them.', 'Close curtains at dusk and keep doors to unheated rooms shut.'] },
  { title: 'Hot water', tips: ['Keep showers to four minutes.', 'Wash clothes at 30 °C and only with a full load.', 'Boil only the water you need in the kettle.'] },
  { title: 'Electricity', tips: ['Switch devices off at the wall rather than leaving them on standby.', 'Dry clothes outside or on a rack instead of the tumble dryer.', 'Use LED bulbs and turn lights off in empty rooms.'] },
  { title: 'Kitchen', tips: ['Put lids on pans and match the pan to the ring.', 'Use the microwave or air fryer for small meals.', 'Defrost the freezer when ice builds up.'] },
];

/** /tenant-profile/energy-tips: practical ways for a shared house to use less energy. */
export function EnergyTipsPage() {
  return (
    <TenantPage title="Energy Saving Tips" intro="Small habits shared across a house add up. Here is what makes the biggest difference.">
      <div className="tenant-grid">
        {TIPS.map((group) => (
          <Panel key={group.title} title={group.title}>
            <ul>
              {group.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </Panel>
        ))}
        <Panel title="More help" id="more-help" wide>
          <p>
            Read our full <Link to="/energy-saving-tips">energy saving guide</Link>, or see whether you qualify for <Link to="/extra-help">extra help</Link>.
          </p>
        </Panel>
      </div>
    </TenantPage>
  );
}
