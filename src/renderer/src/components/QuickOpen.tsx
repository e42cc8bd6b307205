import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { CalendarDays, Search, Users } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SearchResult } from '../../../shared/ipc/reads';
import type { EventListItem } from '../../../shared/wire/event';
import type { TeamListItem } from '../../../shared/wire/team';
import { FILTER_TEXT_MAX, boundedFilterText } from '../../../shared/ipc/filter-text';
import { localDate } from '../format/dates';
import { paths } from '../routes';
import { useOverlays } from '../stores/quick-open';
import { eventQueries, searchQueries, teamQueries } from '../stores/reads';
import '../styles/quick-open.css';
import { useQuickActions, type AfterAction, type QuickAction } from './quick-open/actions';
import {
  answersTyped,
  eventValue,
  groupOrder,
  parseValue,
  PER_GROUP,
  teamValue,
  typedTeamNumber,
  type GroupKind,
} from './quick-open/results';

const NO_RESULTS: Pick<SearchResult, 'teams' | 'events'> = { teams: [], events: [] };

const place = (...parts: string[]) => parts.filter((part) => part !== '').join(', ');

/**
 * The highlighted option: the first one whenever the text changes, the text's own answer
 * replaces an earlier one, or the option is gone.
 */
function useHighlight(query: string, values: readonly string[], answered: boolean) {
  const [highlighted, setHighlighted] = useState(values[0] ?? '');
  const [seen, setSeen] = useState({ query, key: values.join('\n'), answered });
  const key = values.join('\n');
  if (seen.query !== query || seen.key !== key || seen.answered !== answered) {
    setSeen({ query, key, answered });
    const keep = seen.query === query && seen.answered === answered && values.includes(highlighted);
    if (!keep) setHighlighted(values[0] ?? '');
  }
  return [highlighted, setHighlighted] as const;
}

function TeamOption({
  team,
  detailId,
  onSelect,
}: {
  team: TeamListItem;
  detailId: string;
  onSelect: (value: string) => void;
}) {
  return (
    <Command.Item
      value={teamValue(team.number)}
      onSelect={onSelect}
      className="qo-item"
      aria-describedby={detailId}
      data-testid={`quick-open-team-${team.number}`}
    >
      <Users size={15} className="qo-icon" aria-hidden="true" />
      <span className="qo-title">{`${team.number} · ${team.name}`}</span>
      <span className="qo-detail" id={detailId} aria-hidden="true">
        {place(team.city, team.state, team.country)}
      </span>
    </Command.Item>
  );
}

function EventOption({
  event,
  detailId,
  onSelect,
}: {
  event: EventListItem;
  detailId: string;
  onSelect: (value: string) => void;
}) {
  return (
    <Command.Item
      value={eventValue(event.id)}
      onSelect={onSelect}
      className="qo-item"
      aria-describedby={detailId}
      data-testid={`quick-open-event-${event.id}`}
    >
      <CalendarDays size={15} className="qo-icon" aria-hidden="true" />
      <span className="qo-title">{`${event.name} · ${event.id}`}</span>
      <span className="qo-detail" id={detailId} aria-hidden="true">
        {place(localDate(event.startDate), event.location.city)}
      </span>
    </Command.Item>
  );
}

function ActionOption({
  action,
  onSelect,
}: {
  action: QuickAction;
  onSelect: (value: string) => void;
}) {
  const Icon = action.icon;
  return (
    <Command.Item
      value={action.value}
      onSelect={onSelect}
      className="qo-item"
      aria-keyshortcuts={action.shortcut?.aria}
      data-testid={`quick-open-${action.value.replace(/:/g, '-')}`}
    >
      <Icon size={15} className="qo-icon" aria-hidden="true" />
      <span className="qo-title">{action.label}</span>
      {action.shortcut !== undefined && (
        <kbd className="qo-shortcut" aria-hidden="true">
          {action.shortcut.shown}
        </kbd>
      )}
    </Command.Item>
  );
}

/**
 * What quick open shows inside its dialog: the text, and as it is typed the cache's ranked
 * teams and events (five of each) and the actions that match. Remounted at each opening, so
 * it always starts from the text it was opened with.
 */
function QuickOpenPanel({
  initialText,
  onDone,
}: {
  initialText: string;
  onDone: (after: AfterAction) => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const query = boundedFilterText(text);
  const search = searchQueries.useQuery(
    'search',
    query === '' ? null : { text: query, limit: PER_GROUP },
    { keepPrevious: true },
  );
  const found = query === '' || search.value === null ? NO_RESULTS : search.value;
  const teams = found.teams.slice(0, PER_GROUP);
  const events = found.events.slice(0, PER_GROUP);
  const typed = typedTeamNumber(query);
  const typedTeam = typed !== null && teams.some((team) => team.number === typed) ? typed : null;
  const actions = useQuickActions(query, typedTeam);
  const order = groupOrder(query, found);

  const valuesOf: Record<GroupKind, string[]> = {
    teams: teams.map((team) => teamValue(team.number)),
    events: events.map((event) => eventValue(event.id)),
    actions: actions.map((action) => action.value),
  };
  const answered = answersTyped(query, search);
  const [highlighted, setHighlighted] = useHighlight(
    query,
    order.flatMap((kind) => valuesOf[kind]),
    answered,
  );
  // Enter pressed before the answer for the text typed: it opens that answer's top hit once it is
  // there, never the earlier text's still on screen. Typing on cancels it.
  const enterFor = useRef<string | null>(null);

  // The highlighted team or event is read ahead, so Enter opens a view that is already there.
  useEffect(() => {
    const target = parseValue(highlighted);
    if (target?.kind === 'team') teamQueries.preload('team', { teamNumber: target.teamNumber });
    else if (target?.kind === 'event') eventQueries.preload('event', { eventId: target.eventId });
  }, [highlighted]);

  const choose = (value: string) => {
    const target = parseValue(value);
    if (target === null) return;
    if (target.kind === 'team') {
      void navigate(paths.team(target.teamNumber));
      onDone('view');
    } else if (target.kind === 'event') {
      void navigate(paths.event(target.eventId));
      onDone('view');
    } else {
      const action = actions.find((candidate) => candidate.value === target.value);
      if (action === undefined) return;
      onDone(action.after);
      action.run();
    }
  };

  const chooseAnswered = useEffectEvent((value: string) => choose(value));
  useEffect(() => {
    if (enterFor.current === null) return;
    if (enterFor.current !== query) enterFor.current = null;
    else if (answered) {
      enterFor.current = null;
      chooseAnswered(highlighted);
    }
  }, [query, answered, highlighted]);

  const idBase = useId();
  const groups: Record<GroupKind, { heading: string; items: ReactNode[] }> = {
    teams: {
      heading: 'Teams',
      items: teams.map((team, index) => (
        <TeamOption
          key={team.number}
          team={team}
          detailId={`${idBase}-team-${index}`}
          onSelect={choose}
        />
      )),
    },
    events: {
      heading: 'Events',
      items: events.map((event, index) => (
        <EventOption
          key={event.id}
          event={event}
          detailId={`${idBase}-event-${index}`}
          onSelect={choose}
        />
      )),
    },
    actions: {
      heading: 'Actions',
      items: actions.map((action) => (
        <ActionOption key={action.value} action={action} onSelect={choose} />
      )),
    },
  };

  return (
    <Command
      label="Find a team, an event or an action"
      shouldFilter={false}
      value={highlighted}
      onValueChange={setHighlighted}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || answered) return;
        event.preventDefault();
        enterFor.current = query;
      }}
      loop
      className="qo-command"
    >
      <div className="qo-input-row">
        <Search size={16} className="qo-search-icon" aria-hidden="true" />
        <Command.Input
          value={text}
          onValueChange={setText}
          maxLength={FILTER_TEXT_MAX}
          placeholder="Team number or name, event name or code, or an action…"
          className="qo-input"
          data-testid="quick-open-input"
        />
      </div>
      {search.status === 'error' && query !== '' && (
        <p className="qo-error" role="alert">
          Search failed: {search.error}
        </p>
      )}
      <Command.List label="Results" className="qo-list">
        <Command.Empty className="qo-empty">
          No team, event or action matches “{query}”. Try a team number or part of a name.
        </Command.Empty>
        {order.map((kind) =>
          groups[kind].items.length === 0 ? null : (
            <Command.Group
              key={kind}
              heading={groups[kind].heading}
              className="qo-group"
              data-testid={`quick-open-${kind}`}
            >
              {groups[kind].items}
            </Command.Group>
          ),
        )}
      </Command.List>
      <Dialog.Description className="qo-footer">
        <span>
          <kbd>↑</kbd> <kbd>↓</kbd> move
        </span>
        <span>
          <kbd>Enter</kbd> open
        </span>
        <span>
          <kbd>Esc</kbd> close
        </span>
      </Dialog.Description>
    </Command>
  );
}

/**
 * Quick open (Ctrl/Cmd+K, or `/` outside a text field): a dialog named "Quick open" holding a
 * combobox whose options are teams, events and actions, built from cmdk's command menu in a
 * Radix dialog. The dialog is composed here rather than with `Command.Dialog` so that focus
 * can go where the chosen result leads (the view's heading, the compare add field) instead of
 * back to where it was.
 */
export function QuickOpen() {
  const open = useOverlays((state) => state.quickOpen);
  const initialText = useOverlays((state) => state.quickOpenText);
  const close = useOverlays((state) => state.closeQuickOpen);
  const after = useRef<AfterAction>('restore');

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        after.current = 'restore';
        close();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog quick-open"
          data-testid="quick-open"
          onCloseAutoFocus={(event) => {
            if (after.current === 'restore') return;
            event.preventDefault();
            if (after.current === 'view') {
              requestAnimationFrame(() => {
                const heading = document.querySelector<HTMLElement>('#main h1');
                heading?.setAttribute('tabindex', '-1');
                heading?.focus({ preventScroll: true });
              });
            }
            after.current = 'restore';
          }}
        >
          <Dialog.Title className="visually-hidden">Quick open</Dialog.Title>
          <QuickOpenPanel
            initialText={initialText}
            onDone={(next) => {
              after.current = next;
              close();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
