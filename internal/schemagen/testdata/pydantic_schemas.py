"""Writes the JSON Schemas Pydantic emits (model_json_schema()) for three
models of the kinds language models are asked to fill, the test inputs of
package schemagen.

    python3 pydantic_schemas.py   # with pydantic 2 installed"""
import datetime
import enum
import json
import uuid
from typing import Literal, Optional, Union

from pydantic import BaseModel, Field


class Currency(str, enum.Enum):
    EUR = "EUR"
    USD = "USD"


class Address(BaseModel):
    street: str
    city: str
    postal_code: str
    country: str = Field(description="ISO country name")


class LineItem(BaseModel):
    description: str
    quantity: int
    unit_price: float


class Invoice(BaseModel):
    invoice_id: uuid.UUID
    vendor: str
    issued: datetime.date
    currency: Currency
    total: float
    paid: bool
    billing_address: Address
    items: list[LineItem]
    tags: list[str]
    notes: Optional[str] = None


class Step(BaseModel):
    explanation: str
    output: str


class MathReasoning(BaseModel):
    steps: list[Step]
    final_answer: str


class Person(BaseModel):
    name: str
    role: Literal["author", "editor", "reviewer"]
    email: Optional[str] = None


class Section(BaseModel):
    heading: str
    subsections: list["Section"] = []


class Paper(BaseModel):
    id: str
    title: str
    year: int
    authors: list[Person]
    keywords: list[str]
    venue: Union[str, None]
    outline: list[Section]
    extra: dict[str, str] = {}


for model in (Invoice, MathReasoning, Paper):
    with open(model.__name__.lower() + ".schema.json", "w") as f:
        json.dump(model.model_json_schema(), f, indent=2)
        f.write("\n")
