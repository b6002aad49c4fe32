/** Leagues in the API: creating one, reading it (fixtures by round, results, standings), dropping out, and a group's leagues. */
import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { GroupModel, type GroupParent } from '../groups/groups.resolver';
import { RequestContext, requireUser } from '../graphql/context';
import { FIELD_COSTS, listCost } from '../graphql/query-limits';
import { CreateLeagueInput, LeagueModel } from './league-models';
import { LeagueViews } from './league-view';
import { LeaguesService } from './leagues.service';

@Resolver(() => LeagueModel)
export class LeaguesResolver {
  constructor(
    private readonly leagues: LeaguesService,
    private readonly views: LeagueViews,
  ) {}

  @Mutation(() => LeagueModel, {
    description:
      'A group admin creates a league; its games are created round by round. Refusals write nothing: FORBIDDEN (not an admin), NOT_GROUP_MEMBER (a player not in the group), BAD_USER_INPUT with a reason (BAD_FORMAT, BAD_SEATS_PER_GAME, BAD_ROUNDS, BAD_MEMBERS, BAD_POINTS).',
  })
  async createLeague(@Args('input') input: CreateLeagueInput, @Context() context: RequestContext): Promise<LeagueModel> {
    const userId = requireUser(context);
    const id = await this.leagues.create(userId, input);
    return this.views.model(await this.leagues.league(userId, id), userId);
  }

  @Query(() => LeagueModel, { description: "A league of one of the caller's groups (NOT_GROUP_MEMBER otherwise)." })
  async league(@Args('id', { type: () => ID }) id: string, @Context() context: RequestContext): Promise<LeagueModel> {
    const userId = requireUser(context);
    return this.views.model(await this.leagues.league(userId, id), userId);
  }

  @Mutation(() => LeagueModel, { description: 'The caller drops out: the games of theirs not yet begun are forfeited; the games they are playing go on.' })
  async leaveLeague(@Args('leagueId', { type: () => ID }) leagueId: string, @Context() context: RequestContext): Promise<LeagueModel> {
    const userId = requireUser(context);
    return this.views.model(await this.leagues.leave(userId, leagueId), userId);
  }
}

@Resolver(() => GroupModel)
export class GroupLeaguesResolver {
  constructor(
    private readonly service: LeaguesService,
    private readonly views: LeagueViews,
  ) {}

  @ResolveField(() => [LeagueModel], { description: 'Its leagues, newest first.', complexity: listCost(() => FIELD_COSTS.unboundedList) })
  async leagues(@Parent() group: GroupParent): Promise<LeagueModel[]> {
    const views = await this.service.ofGroup(group.userId, group.id);
    return Promise.all(views.map((view) => this.views.model(view, group.userId)));
  }
}
