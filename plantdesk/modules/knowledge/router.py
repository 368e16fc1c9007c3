"""/api/knowledge: catalogue, info, filerela, changelog and comments; plus the alarm events' knowledge links
(/api/alarm/event/selectKnowledgeByEventId and unloadKnow), which belong to the knowledge tables.

Permission codes are the knowledge screen's (knowledge, knowledge_add/_edit/_delete/_view); commenting needs only
the right to read the entry.
"""

from typing import Annotated

from fastapi import APIRouter, Body, Query, Request

from plantdesk.core import permissions
from plantdesk.core.context import Identity
from plantdesk.core.crud import get_or_raise, mark_deleted, request_ids
from plantdesk.core.deps import IdQuery, Rt, TenantDb, need
from plantdesk.core.envelope import R, ok
from plantdesk.core.errors import BusinessError
from plantdesk.core.listing import Listing
from plantdesk.core.paging import Page, Paging
from plantdesk.core.routing import include
from plantdesk.modules.knowledge import service
from plantdesk.modules.knowledge.models import (
    KnowledgeCatalogue,
    KnowledgeChangeLog,
    KnowledgeFileRela,
    KnowledgeInfo,
)
from plantdesk.modules.knowledge.schemas import (
    CatalogueNode,
    CatalogueRead,
    CatalogueWrite,
    ChangeLogRead,
    ChangeLogWrite,
    CommentRead,
    CommentWrite,
    EventKnowledge,
    FileRelaRead,
    FileRelaWrite,
    InfoRead,
    InfoWrite,
    SearchHit,
)

PREFIX = "/knowledge"
VIEW = need("knowledge", "knowledge_view")
ADD, EDIT, DELETE = need("knowledge_add"), need("knowledge_edit"), need("knowledge_delete")
SAVE = need("knowledge_add", "knowledge_edit")
# The alarm screens open an event's procedures: their codes read the links too.
EVENT_VIEW = need("knowledge", "knowledge_view", "alarm_overview", "database", "config")
EVENT_LINK = need("knowledge_edit", "alarm_overview", "database", "config")
InfoId = Annotated[int, Query(alias="infoId", ge=1, lt=2**63)]


def _need_id(body) -> None:
    if body.id is None:
        raise BusinessError("缺少必要的请求参数: id")


# --- catalogue -----------------------------------------------------------------------------------------------

catalogue = APIRouter(prefix=f"{PREFIX}/catalogue", tags=["knowledge-catalogue"])
CATALOGUES = Listing(KnowledgeCatalogue, filters={"name": KnowledgeCatalogue.name},
                     exact={"parentId": KnowledgeCatalogue.parent_id},
                     order=(KnowledgeCatalogue.sort, KnowledgeCatalogue.id))


@catalogue.get("/list", response_model=R[Page[CatalogueRead]])
async def catalogue_list(request: Request, db: TenantDb, paging: Paging, user: Identity = VIEW):
    """Filters: name (contains), parentId."""
    return ok(await CATALOGUES.page(db, CATALOGUES.select(request.query_params), paging))


@catalogue.get("/detail", response_model=R[CatalogueRead])
async def catalogue_detail(db: TenantDb, id: IdQuery, user: Identity = VIEW):
    return ok(await get_or_raise(db, KnowledgeCatalogue, id))


@catalogue.post("/save", response_model=R[CatalogueRead])
async def catalogue_save(db: TenantDb, body: Annotated[CatalogueWrite, Body()], user: Identity = SAVE):
    return ok(await service.save_catalogue(db, body))


@catalogue.post("/update", response_model=R[CatalogueRead])
async def catalogue_update(db: TenantDb, body: Annotated[CatalogueWrite, Body()], user: Identity = EDIT):
    _need_id(body)
    return ok(await service.save_catalogue(db, body))


@catalogue.post("/remove", response_model=R[bool])
async def catalogue_remove(request: Request, db: TenantDb, user: Identity = DELETE):
    """Removes the catalogues below too; refused while any of them holds entries."""
    await service.remove_catalogues(db, await request_ids(request))
    return ok(True)


@catalogue.get("/tree", response_model=R[list[CatalogueNode]])
async def catalogue_tree(db: TenantDb, user: Identity = VIEW):
    return ok(await service.catalogue_tree(db))


# --- info ----------------------------------------------------------------------------------------------------

info = APIRouter(prefix=f"{PREFIX}/info", tags=["knowledge-info"])
INFOS = Listing(KnowledgeInfo, filters={"title": KnowledgeInfo.title, "tags": KnowledgeInfo.tags,
                                        "author": KnowledgeInfo.author},
                exact={"catalogueId": KnowledgeInfo.catalogue_id},
                sorts={"update_time": KnowledgeInfo.update_time, "create_time": KnowledgeInfo.create_time,
                       "title": KnowledgeInfo.title},
                order=(KnowledgeInfo.create_time.desc(), KnowledgeInfo.id.desc()))


@info.get("/page", response_model=R[Page[InfoRead]])
async def info_page(request: Request, db: TenantDb, paging: Paging, user: Identity = VIEW):
    """Filters: title, tags, author (contains), catalogueId. Full-text search with ranking: info/search."""
    page = await INFOS.page(db, INFOS.select(request.query_params), paging)
    page["records"] = await service.info_reads(db, page["records"])
    return ok(page)


@info.get("/search", response_model=R[list[SearchHit]])
async def info_search(db: TenantDb, rt: Rt, q: Annotated[str, Query(min_length=1, max_length=200)],
                      catalogue_id: Annotated[int | None, Query(alias="catalogueId", ge=1, lt=2**63)] = None,
                      limit: Annotated[int, Query(ge=1, le=100)] = 20, user: Identity = VIEW):
    """Full-text search (Chinese and English), best first, with highlighted title and snippet (<mark>)."""
    hits = await service.search(db, rt.cache, q, limit=limit, catalogue_id=catalogue_id)
    return ok([service.hit(s, q) for s in hits])


@info.get("/detail", response_model=R[InfoRead])
async def info_detail(db: TenantDb, id: IdQuery, user: Identity = VIEW):
    return ok((await service.info_reads(db, [await get_or_raise(db, KnowledgeInfo, id)]))[0])


@info.post("/save", response_model=R[InfoRead])
async def info_save(db: TenantDb, body: Annotated[InfoWrite, Body()], user: Identity = SAVE):
    """Inserts (with an id, updates); `content` is sanitised HTML (scripts, styles and event handlers dropped)."""
    return ok((await service.info_reads(db, [await service.save_info(db, user, body)]))[0])


@info.post("/update", response_model=R[InfoRead])
async def info_update(db: TenantDb, body: Annotated[InfoWrite, Body()], user: Identity = EDIT):
    _need_id(body)
    return ok((await service.info_reads(db, [await service.save_info(db, user, body)]))[0])


@info.post("/remove", response_model=R[bool])
async def info_remove(request: Request, db: TenantDb, user: Identity = DELETE):
    await service.remove_infos(db, user, await request_ids(request))
    return ok(True)


# --- filerela (attachments) ----------------------------------------------------------------------------------

filerela = APIRouter(prefix=f"{PREFIX}/filerela", tags=["knowledge-filerela"])


@filerela.get("/list", response_model=R[list[FileRelaRead]])
async def filerela_list(db: TenantDb, info_id: InfoId, user: Identity = VIEW):
    return ok(await service.files_of(db, info_id))


@filerela.get("/detail", response_model=R[FileRelaRead])
async def filerela_detail(db: TenantDb, id: IdQuery, user: Identity = VIEW):
    return ok(await get_or_raise(db, KnowledgeFileRela, id))


@filerela.post("/submit", response_model=R[FileRelaRead])
async def filerela_submit(db: TenantDb, body: Annotated[FileRelaWrite, Body()], user: Identity = SAVE):
    """Attach an uploaded file (a blade_attach row of the tenant: upload it with put-file-attach first)."""
    return ok(await service.add_file(db, body.info_id, body.attach_id, body.id))


@filerela.post("/remove", response_model=R[bool])
async def filerela_remove(request: Request, db: TenantDb, user: Identity = EDIT):
    await mark_deleted(db, KnowledgeFileRela, KnowledgeFileRela.id.in_(await request_ids(request)))
    return ok(True)


# --- changelog -----------------------------------------------------------------------------------------------

changelog = APIRouter(prefix=f"{PREFIX}/changelog", tags=["knowledge-changelog"])
CHANGES = Listing(KnowledgeChangeLog, filters={"userName": KnowledgeChangeLog.user_name},
                  exact={"infoId": KnowledgeChangeLog.info_id, "action": KnowledgeChangeLog.action},
                  order=(KnowledgeChangeLog.create_time.desc(), KnowledgeChangeLog.id.desc()))


@changelog.get("/list", response_model=R[Page[ChangeLogRead]])
async def changelog_list(request: Request, db: TenantDb, paging: Paging, user: Identity = VIEW):
    """Filters: infoId, action (create/update/remove/note), userName; newest first."""
    page = await CHANGES.page(db, CHANGES.select(request.query_params), paging)
    page["records"] = [service.changelog_read(r) for r in page["records"]]
    return ok(page)


@changelog.get("/list/no-page", response_model=R[list[ChangeLogRead]])
async def changelog_all(request: Request, db: TenantDb, user: Identity = VIEW):
    rows = await CHANGES.rows(db, CHANGES.select(request.query_params), limit=1000)
    return ok([service.changelog_read(r) for r in rows])


@changelog.get("/detail", response_model=R[ChangeLogRead])
async def changelog_detail(db: TenantDb, id: IdQuery, user: Identity = VIEW):
    return ok(service.changelog_read(await get_or_raise(db, KnowledgeChangeLog, id)))


@changelog.post("/submit", response_model=R[ChangeLogRead])
async def changelog_submit(db: TenantDb, body: Annotated[ChangeLogWrite, Body()], user: Identity = EDIT):
    """A note in the entry's history (edits log themselves)."""
    return ok(service.changelog_read(await service.add_note(db, user, body.info_id, body.remark)))


@changelog.post("/remove", response_model=R[bool])
async def changelog_remove(request: Request, db: TenantDb, user: Identity = DELETE):
    await mark_deleted(db, KnowledgeChangeLog, KnowledgeChangeLog.id.in_(await request_ids(request)))
    return ok(True)


# --- comments (paths of our choosing: the spec shows none) ---------------------------------------------------

comments = APIRouter(prefix=f"{PREFIX}/comments", tags=["knowledge-comments"])


@comments.get("/list", response_model=R[list[CommentRead]])
async def comment_list(db: TenantDb, info_id: InfoId, user: Identity = VIEW):
    """The entry's comments as threads (replies under `children`), oldest first."""
    return ok(await service.comment_threads(db, info_id))


@comments.post("/submit", response_model=R[CommentRead])
async def comment_submit(db: TenantDb, body: Annotated[CommentWrite, Body()], user: Identity = VIEW):
    """A new comment, or with `parentId` a reply to one of the same entry."""
    return ok(await service.add_comment(db, user, body.info_id, body.parent_id, body.content))


@comments.post("/remove", response_model=R[bool])
async def comment_remove(request: Request, db: TenantDb, rt: Rt, user: Identity = VIEW):
    """Authors remove their own comments; knowledge_delete removes anyone's. Replies go with them."""
    ids = await request_ids(request)
    moderator = user.is_administrator or "knowledge_delete" in await permissions.codes_for(user, db=db, cache=rt.cache)
    await service.remove_comments(db, await service.removable_comments(db, user, ids, moderator=moderator))
    return ok(True)


# --- alarm events' knowledge links ---------------------------------------------------------------------------

events = APIRouter(prefix="/alarm/event", tags=["alarm-event-knowledge"])
EventId = Annotated[int, Query(alias="eventId", ge=1, lt=2**63)]


@events.get("/selectKnowledgeByEventId", response_model=R[list[InfoRead]])
async def event_knowledge(db: TenantDb, event_id: EventId, user: Identity = EVENT_VIEW):
    """The knowledge entries linked to an alarm event (the procedures an operator opens from the alarm)."""
    return ok(await service.info_reads(db, await service.event_knowledge(db, event_id)))


@events.post("/unloadKnow", response_model=R[list[InfoRead]])
async def event_link(db: TenantDb, body: Annotated[EventKnowledge, Body()], user: Identity = EVENT_LINK):
    """Sets the event's linked entries to `knowledgeIds` (link by adding, unlink by leaving out); answers them."""
    return ok(await service.info_reads(db, await service.link_event(db, body.event_id, body.knowledge_ids)))


router = APIRouter()
include(router, catalogue, info, filerela, changelog, comments, events)
