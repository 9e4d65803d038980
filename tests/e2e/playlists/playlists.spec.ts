import { ACCOUNTS } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { createUser, createVisit } from '../../support/factories';
import { field } from '../../support/forms';
import { openSidebar } from '../../support/shell';
import { pickUpWithKeyboard } from '../../support/sortable';
import { type Browser, expect, expectAccessible, type Locator, type Page, test } from '../../support/test';

/**
 * Playlists (spec 001 §2, §5, §6, §8): a learner builds a playlist from the published scenarios of partner sp,
 * reorders and removes entries, makes it public; an admin finds it, copies it and lands on the copy.
 * Names carry the time of each attempt so a retried or repeated test never meets its own earlier playlists. The
 * learners and the trainer are factory users of their own (no other journey sees their playlists); the admin only
 * signs in and copies.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The right panel of /my-playlists: the chosen playlist. */
const editor = (page: Page) => page.getByRole('region').filter({ has: page.getByRole('heading', { level: 3, name: 'Scenarios' }) });
/** The titles of the scenario list, in order. */
const entryTitles = (list: Locator) => list.getByRole('listitem').getByRole('link').allTextContents();

async function signIn(browser: Browser, email: string, password?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, email, { password });
  return page;
}

/** Creates a playlist through the Create dialog and waits until it is the chosen one. */
async function createPlaylist(page: Page, name: string, description?: string) {
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Playlist' });
  await field(dialog, 'Name').fill(name);
  if (description) await field(dialog, 'Description').fill(description);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'Playlist created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(editor(page).getByRole('heading', { level: 2, name })).toBeVisible();
}

test.describe('Playlists', () => {
  test('a learner builds and shares a playlist; an admin copies it to My Playlists', async ({ browser }) => {
    test.setTimeout(120_000);
    const name = `Primary care ${unique()}`;
    const owner = await createUser('learner', { first: 'Lee' });
    // An upcoming visit of 'Annual wellness visit' of the owner's own: that entry's status reads SCHEDULED.
    await createVisit({ learner: owner, sp: await createUser('standardized_patient'), startsInMinutes: 5 * 24 * 60, confirmed: true });
    const learner = await signIn(browser, owner.email, owner.password);

    // The sidebar leads to My Playlists.
    const menu = await openSidebar(learner);
    await menu.getByRole('button', { name: 'Playlists' }).click();
    await menu.getByRole('link', { name: 'My Playlists' }).click();
    await expect(learner).toHaveURL(/\/my-playlists/);
    await expect(learner.getByRole('heading', { level: 1, name: 'My Playlists' })).toBeVisible();
    await expectAccessible(learner);

    // The name is required: Save stays disabled while it is empty (spec 001 §5).
    await learner.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = learner.getByRole('dialog', { name: 'Create Playlist' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await field(dialog, 'Name').fill('x');
    await field(dialog, 'Name').fill('   ');
    await expect(dialog.getByText('A Name is Required')).toBeVisible();
    await expect(save).toBeDisabled();
    await expectAccessible(learner, 'the Create Playlist dialog with an error');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await createPlaylist(learner, name, 'Visits for the primary care block');
    const panel = editor(learner);
    await expect(panel.getByText('You have no scenarios in this list')).toBeVisible();
    await expect(panel.getByRole('switch', { name: 'Public' })).not.toBeChecked();
    await expectAccessible(learner, 'an empty playlist');

    // Add three scenarios with the picker (published scenarios the learner may see).
    await panel.getByRole('button', { name: 'Add Scenario' }).click();
    const picker = learner.getByRole('dialog', { name: 'Add Scenario' });
    const addButtons = picker.getByRole('button', { name: /^Add / });
    await expect(addButtons.first()).toBeVisible();
    const available = (await addButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))).map((l) =>
      l.slice(4),
    );
    expect(available.length, 'the demo seed needs at least three published scenarios at partner sp').toBeGreaterThanOrEqual(3);
    const [first, second, third] = available as [string, string, string];
    await expectAccessible(learner, 'the Add Scenario picker');
    for (const title of [first, second, third]) {
      await picker.getByRole('button', { name: `Add ${title}`, exact: true }).click();
      await expect(picker.getByRole('button', { name: `${title} is in the playlist` })).toBeDisabled();
    }
    await picker.getByRole('button', { name: 'Done' }).click();
    await expect(picker).toBeHidden();

    const list = panel.getByRole('list', { name: 'Scenarios' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    expect(await entryTitles(list)).toEqual([first, second, third]);
    // The owner sees a status label on each entry, from their own visits and requests of that scenario; the
    // owner's upcoming visit of 'Annual wellness visit' (made above) shows it as SCHEDULED.
    await expect(list.getByText(/^(NOT SCHEDULED|PENDING|SCHEDULED|COMPLETED)$/).filter({ visible: true })).toHaveCount(3);
    for (const title of [first, second, third]) {
      if (title !== 'Annual wellness visit') continue;
      await expect(
        list.getByRole('listitem').filter({ hasText: title }).getByText('SCHEDULED', { exact: true }).filter({ visible: true }),
      ).toBeVisible();
    }
    const badge = learner.getByRole('navigation', { name: 'My playlists' }).getByRole('link', { name: new RegExp(name) });
    await expect(badge).toContainText('3');
    await expectAccessible(learner, 'a playlist of three');

    // Reorder with the keyboard: pick the second up, move it up, drop it.
    // Each key waits for the list to answer, as a person would (the drag's own announcements say so).
    const handle = list.getByRole('button', { name: `Reorder ${second}, position 2` });
    const announced = learner.locator('[id^="DndLiveRegion"]');
    await pickUpWithKeyboard(learner, handle);
    // Picked up: the list reports the scenario over its own place.
    await expect(announced).toHaveText(`${second} moved to position 2 of 3.`);
    await learner.keyboard.press('ArrowUp');
    await expect(announced).toHaveText(`${second} moved to position 1 of 3.`);
    await learner.keyboard.press('Space');
    await expect(announced).toHaveText(`${second} dropped at position 1 of 3.`);
    await expect.poll(() => entryTitles(list)).toEqual([second, first, third]);

    // Remove one entry.
    await list.getByRole('button', { name: `Remove ${third}` }).click();
    await expect(notification(learner, 'Scenario removed from playlist')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(badge).toContainText('2');

    // The server kept the order and the removal.
    await learner.reload();
    await expect.poll(() => entryTitles(editor(learner).getByRole('list', { name: 'Scenarios' }))).toEqual([second, first]);

    // Renaming keeps the name rule; then the playlist goes public.
    const nameField = field(editor(learner), 'Name');
    await nameField.fill('');
    await expect(editor(learner).getByText('A Name is Required')).toBeVisible();
    await expect(editor(learner).getByRole('button', { name: 'Save' })).toBeDisabled();
    const shared = `${name} shared`;
    await nameField.fill(shared);
    await editor(learner).getByRole('button', { name: 'Save' }).click();
    await expect(notification(learner, 'Playlist updated')).toBeVisible();
    await expect(editor(learner).getByRole('heading', { level: 2, name: shared })).toBeVisible();
    await editor(learner).getByRole('switch', { name: 'Public' }).click();
    await expect(editor(learner).getByRole('switch', { name: 'Public' })).toBeChecked();

    // Its own page tells the owner so, with the labels and without a copy button.
    await editor(learner).getByRole('link', { name: 'View Playlist Page' }).click();
    await expect(learner.getByRole('heading', { level: 1, name: shared })).toBeVisible();
    await expect(learner.getByText('You Own This Playlist')).toBeVisible();
    await expect(learner.getByRole('button', { name: 'Copy to My Playlists' })).toHaveCount(0);
    await expect(learner.getByText('NOT SCHEDULED').filter({ visible: true })).toHaveCount(2);
    await expectAccessible(learner, "the owner's playlist page");

    // An admin finds it in the playlists list, opens it and copies it.
    const admin = await signIn(browser, ACCOUNTS.admin);
    await admin.goto('/playlists');
    await expect(admin.getByRole('list', { name: 'Playlists' }).getByRole('link', { name: new RegExp(shared) })).toBeVisible();
    await expectAccessible(admin);
    await admin
      .getByRole('list', { name: 'Playlists' })
      .getByRole('link', { name: new RegExp(shared) })
      .click();
    await expect(admin).toHaveURL(/\/playlists\/\d+$/);
    await expect(admin.getByRole('heading', { level: 1, name: shared })).toBeVisible();
    await expect(admin.getByText('Visits for the primary care block')).toBeVisible();
    await expect(admin.getByText(`By ${owner.name}`)).toBeVisible();
    await expect(admin.getByText('You Own This Playlist')).toHaveCount(0);
    // Only the owner sees the status labels.
    await expect(admin.getByText('NOT SCHEDULED').filter({ visible: true })).toHaveCount(0);
    expect(await entryTitles(admin.getByRole('list', { name: 'Scenarios' }))).toEqual([second, first]);
    await expectAccessible(admin, "another person's public playlist");

    await admin.getByRole('button', { name: 'Copy to My Playlists' }).click();
    await expect(notification(admin, 'Playlist Copied!')).toBeVisible();
    await expect(admin).toHaveURL(/\/my-playlists\?playlist=\d+/);
    const copy = editor(admin);
    await expect(copy.getByRole('heading', { level: 2, name: shared })).toBeVisible();
    await expect(admin.getByRole('navigation', { name: 'My playlists' }).getByRole('link', { name: new RegExp(shared) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The copy is the admin's own, private, with the same scenarios in the same order.
    await expect(copy.getByRole('switch', { name: 'Public' })).not.toBeChecked();
    await expect.poll(() => entryTitles(copy.getByRole('list', { name: 'Scenarios' }))).toEqual([second, first]);
    await expectAccessible(admin, 'the copy in My Playlists');

    await admin.context().close();
    await learner.context().close();
  });

  test('deleting a playlist asks first', async ({ page }) => {
    const name = `Throwaway ${unique()}`;
    const learner = await createUser('learner');
    await login(page, learner.email, { password: learner.password });
    await page.goto('/my-playlists');
    await createPlaylist(page, name);
    await editor(page).getByRole('button', { name: 'Delete Playlist' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Playlist' });
    await expect(confirm).toContainText(name);
    await expectAccessible(page, 'the Delete Playlist confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'My playlists' }).getByRole('link', { name: new RegExp(name) })).toBeVisible();

    await editor(page).getByRole('button', { name: 'Delete Playlist' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(notification(page, 'Playlist deleted')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'My playlists' }).getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('someone without playlists sees the empty state', async ({ page }) => {
    const trainer = await createUser('trainer');
    await login(page, trainer.email, { password: trainer.password });
    await page.goto('/my-playlists');
    await expect(page.getByText('You Have no Playlist').first()).toBeVisible();
    await expectAccessible(page, 'no playlists');
  });
});
