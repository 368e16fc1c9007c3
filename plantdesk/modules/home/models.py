"""One user's arrangement of the home page's cards."""

from sqlalchemy import BigInteger, Index, Text
from sqlalchemy.orm import Mapped, mapped_column

from plantdesk.db.base import Base, IdMixin, TenantMixin


class HomeLayout(IdMixin, TenantMixin, Base):
    """`cards` is JSON: the cards in the user's order, each {"key", "hidden"}; no row: the role's default."""

    __tablename__ = "home_layout"
    __table_args__ = (Index("uq_home_layout_user", "tenant_id", "user_id", unique=True),)

    user_id: Mapped[int] = mapped_column(BigInteger)
    cards: Mapped[str] = mapped_column(Text)
