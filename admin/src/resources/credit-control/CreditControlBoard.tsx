import { useCallback, useEffect, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Box, Card, CardContent, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { Title, useCreatePath, useNotify } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { formatDate } from '../catalogue/format';
import { canWorkCases, loadBoard, moveCase, type Board, type BoardCase } from './credit-control-api';

const DRAG_TYPE = 'application/x-credit-control-case';

/**
 * The credit-control board: the group's open cases in one column per stage, oldest next-chased first. Staff
 * drag a card to another column (or use its "Move to" list, by keyboard or on a phone) to move the case; the
 * server audits it and e-mails the tenant about the new stage. "Due today" leaves the cases to chase today.
 */
export function CreditControlBoard() {
  const groupId = useGroupId();
  const notify = useNotify();
  const [dueToday, setDueToday] = useState(false);
  const [board, setBoard] = useState<Board | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const reload = useCallback(() => {
    loadBoard(groupId, dueToday).then(
      (answer) => {
        setBoard(answer);
        setFailure(null);
      },
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [groupId, dueToday]);
  useEffect(reload, [reload]);

  const move = async (card: BoardCase, stage: string) => {
    if (card.stage === stage || !board) return;
    const label = board.stages.find((option) => option.value === stage)?.label ?? stage;
    try {
      const { messageQueued } = await moveCase(groupId, card.id, stage);
      notify(`Moved ${card.tenantName} to ${label}${messageQueued ? '; the tenant was e-mailed' : ''}`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
    reload();
  };

  const canMove = canWorkCases();
  const onDrop = (stage: string) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const card = board?.cases.find((item) => item.id === event.dataTransfer.getData(DRAG_TYPE));
    if (card) void move(card, stage);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title="Credit control board" />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          Credit control board
        </Typography>
        <FormControlLabel control={<Switch checked={dueToday} onChange={(event) => setDueToday(event.target.checked)} />} label="Due today" />
        {board && (
          <Typography color="text.secondary">
            {board.cases.length} open {board.cases.length === 1 ? 'case' : 'cases'}
            {dueToday ? ` to chase by ${formatDate(board.today)}` : ''}
          </Typography>
        )}
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!board && !failure && <Typography>Loading the board…</Typography>}
      {board && (
        // Columns side by side that scroll within the page on a wide screen; stacked on a phone.
        <Box
          data-testid="credit-control-board"
          sx={{ display: { xs: 'block', md: 'grid' }, gridAutoFlow: 'column', gridAutoColumns: '260px', gap: 2, overflowX: 'auto', pb: 1, maxWidth: '100%' }}
        >
          {board.stages.map((stage) => {
            const cards = board.cases.filter((card) => card.stage === stage.value);
            return (
              <Box
                key={stage.value}
                component="section"
                aria-label={stage.label}
                data-stage={stage.value}
                onDragOver={canMove ? (event: DragEvent) => {
                  event.preventDefault();
                  setOver(stage.value);
                } : undefined}
                onDragLeave={() => setOver(null)}
                onDrop={canMove ? onDrop(stage.value) : undefined}
                sx={{ bgcolor: over === stage.value ? 'action.selected' : 'action.hover', borderRadius: 1, p: 1, mb: { xs: 2, md: 0 }, minHeight: { md: 240 } }}
              >
                <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
                  {stage.label} <Chip size="small" label={cards.length} aria-label={`${cards.length} cases`} />
                </Typography>
                <Stack spacing={1}>
                  {cards.map((card) => (
                    <CaseCard key={card.id} card={card} stages={board.stages} canMove={canMove} onMove={(stageValue) => void move(card, stageValue)} />
                  ))}
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

function CaseCard({ card, stages, canMove, onMove }: { card: BoardCase; stages: Board['stages']; canMove: boolean; onMove: (stage: string) => void }) {
  const createPath = useCreatePath();
  const selectId = `move-${card.id}`;
  return (
    <Card
      variant="outlined"
      data-case={card.id}
      draggable={canMove}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData(DRAG_TYPE, card.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      sx={{ cursor: canMove ? 'grab' : 'default' }}
    >
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Link to={createPath({ resource: 'CreditControlRecord', id: card.id, type: 'show' })}>
          <Typography component="span" variant="subtitle2" sx={{ wordBreak: 'break-word' }}>
            {card.tenantName}
          </Typography>
        </Link>
        {card.house && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {card.house}
          </Typography>
        )}
        <Typography variant="body2">
          <strong>{card.debt}</strong> owed{card.daysOverdue > 0 ? `, ${card.daysOverdue} days overdue` : ''}
        </Typography>
        <Typography variant="body2">{card.status}</Typography>
        <Typography variant="body2" color={card.dueToday ? 'error' : 'text.secondary'}>
          {card.nextChasedDate ? `Chase ${card.dueToday ? 'now' : 'on'}: ${formatDate(card.nextChasedDate)}` : 'No chase date'}
          {card.assignedTo ? ` · ${card.assignedTo}` : ''}
        </Typography>
        {canMove && (
          <Box sx={{ mt: 1 }}>
            <label htmlFor={selectId} style={{ fontSize: '0.8rem' }}>
              Move {card.tenantName} to
            </label>
            <select id={selectId} value={card.stage} onChange={(event) => onMove(event.target.value)} style={{ display: 'block', width: '100%', marginTop: 2, padding: 4 }}>
              {stages.map((stage) => (
                <option key={stage.value} value={stage.value}>
                  {stage.label}
                </option>
              ))}
            </select>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
